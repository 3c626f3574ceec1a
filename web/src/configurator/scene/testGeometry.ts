/**
 * Test helper (imported only by tests): the full box as the scene draws it in the plan view
 * (decision 0152), a 0.75 × 0.66 × 0.75 m body with its marker on top, coloured, 48 vertices.
 */
import { CreateBoxVertexData } from '@babylonjs/core/Meshes/Builders/boxBuilder.js';
import { Matrix } from '@babylonjs/core/Maths/math.vector.js';
import type { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData.js';

export function fullBoxWithMarker(): VertexData {
  const body = CreateBoxVertexData({ width: 0.75, height: 0.66, depth: 0.75 });
  body.colors = Array.from({ length: (body.positions!.length / 3) * 4 }, (_, i) => [0.35, 0.62, 0.85, 1][i % 4]!);
  const mark = CreateBoxVertexData({ width: 0.375, height: 0.02, depth: 0.12 });
  mark.transform(Matrix.Translation(0, 0.34, 0.225));
  mark.colors = Array.from({ length: (mark.positions!.length / 3) * 4 }, (_, i) => [0.1, 0.2, 0.38, 1][i % 4]!);
  return body.merge(mark, true);
}
