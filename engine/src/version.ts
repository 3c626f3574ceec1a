/** Version of this engine package (semver); stamped on every result. Kept equal to package.json by a test. */
export const ENGINE_VERSION = '0.6.0';
