import { DIAMOND, SQUARE, TRIANGLE } from './shapes.ts';

/**
 * The WebGL2 scatter's one program: an instanced quad per point, shaded like the CPU raster's
 * stamps (raster.ts), so the two renderers draw the same pixels:
 * - the centre is snapped to a device pixel as the raster does (floor of the mapped position);
 * - each covered pixel's offset from it is a whole number of pixels, at which the shape's signed
 *   distance d (shapes.ts, the same constants) gives the fill coverage clamp(½ − d, 0, 1) times
 *   the pass's alpha, and the outline's clamp(w/2 + ½ − |d|, 0, 1);
 * - the quad reaches as far as a raster stamp (`stampReach`: ⌈1.6·r + w/2 + 1⌉ pixels).
 * The output is premultiplied (blend ONE, ONE_MINUS_SRC_ALPHA): the fill over the background
 * then the outline over that, the raster's two blends in one.
 */

export const VERTEX_SHADER = `#version 300 es
in vec2 a_corner;
in vec2 a_position;
in vec4 a_color;
in vec2 a_style;
in float a_mask;
// Device pixels: x = m.x · position.x + m.y, y = m.z · position.y + m.w (y down).
uniform vec4 u_mapping;
uniform vec2 u_canvas;
uniform float u_radius;
uniform float u_outline;
uniform float u_want;
out vec2 v_offset;
flat out vec3 v_color;
flat out float v_r;
flat out float v_shape;
void main() {
  vec2 p = vec2(u_mapping.x * a_position.x + u_mapping.y, u_mapping.z * a_position.y + u_mapping.w);
  // Not this pass's points, and points far off the canvas (or not drawable): outside the clip box.
  if (abs(a_mask - u_want) > 0.5 || !(abs(p.x) < 1e6 && abs(p.y) < 1e6)) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  float r = u_radius * a_style.x * 0.25;
  float reach = ceil(1.6 * r + u_outline * 0.5 + 1.0) + 0.5;
  vec2 c = floor(p) + 0.5;
  v_offset = a_corner * reach;
  vec2 q = c + v_offset;
  gl_Position = vec4(q.x / u_canvas.x * 2.0 - 1.0, 1.0 - q.y / u_canvas.y * 2.0, 0.0, 1.0);
  v_color = a_color.rgb;
  v_r = r;
  v_shape = a_style.y;
}
`;

const glFloat = (v: number): string => (Number.isInteger(v) ? `${v}.0` : String(v));

export const FRAGMENT_SHADER = `#version 300 es
precision highp float;
in vec2 v_offset;
flat in vec3 v_color;
flat in float v_r;
flat in float v_shape;
uniform float u_outline;
uniform float u_alpha;
uniform vec3 u_outlineColor;
out vec4 fragColor;
// shapes.ts signedDistance: negative inside, y down.
float signedDistance(float shape, vec2 p, float r) {
  if (shape == 1.0) return max(abs(p.x), abs(p.y)) - ${glFloat(SQUARE)} * r;
  if (shape == 2.0) return (abs(p.x) + abs(p.y) - ${glFloat(DIAMOND)} * r) / sqrt(2.0);
  if (shape == 3.0) {
    float up = -p.y;
    return max(abs(p.x) * (sqrt(3.0) / 2.0) + up * 0.5, -up) - ${glFloat(TRIANGLE)} * r;
  }
  return length(p) - r;
}
void main() {
  // Pixel centres sit at whole offsets from the snapped centre; interpolation leaves ~1e-6.
  float d = signedDistance(v_shape, round(v_offset), v_r);
  float f = clamp(0.5 - d, 0.0, 1.0) * u_alpha;
  float o = u_outline > 0.0 ? clamp(u_outline * 0.5 + 0.5 - abs(d), 0.0, 1.0) : 0.0;
  if (f <= 0.0 && o <= 0.0) discard;
  fragColor = vec4(v_color * f * (1.0 - o) + u_outlineColor * o, 1.0 - (1.0 - f) * (1.0 - o));
}
`;

/** Compiles and links the program; throws with the driver's log when it fails. */
export function scatterProgram(gl: WebGL2RenderingContext): WebGLProgram {
  const compile = (type: number, source: string): WebGLShader => {
    const shader = gl.createShader(type);
    if (!shader) throw new Error('WebGL could not create a shader');
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
      throw new Error(`WebGL shader: ${gl.getShaderInfoLog(shader) ?? 'does not compile'}`);
    return shader;
  };
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl.VERTEX_SHADER, VERTEX_SHADER));
  gl.attachShader(program, compile(gl.FRAGMENT_SHADER, FRAGMENT_SHADER));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS))
    throw new Error(`WebGL program: ${gl.getProgramInfoLog(program) ?? 'does not link'}`);
  return program;
}
