#!/usr/bin/env node
// Entry point of the `rainplan` command. The compiled CLI lives in ../dist (npm run build).
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  cwd: process.cwd(),
});
