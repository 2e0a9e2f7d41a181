import type { ColorGroups } from './colorGroups.ts';
import {
  instanceColors,
  instanceMask,
  instanceOrigin,
  instancePositions,
  instanceStyle,
} from './glInstances.ts';
import { scatterProgram } from './glShaders.ts';
import { toRgb, type DrawInput } from './raster.ts';
import { ALPHA, emphasisLook, FADED_ALPHA, OUTLINE, OUTLINE_WIDTH } from './scatterStyle.ts';

/**
 * The scatter drawn by WebGL2 on its own canvas: the points' data lives on the GPU and is sent
 * again only when it changes (positions when the layout or the colouring changes, the emphasis
 * mask on hover or selection); a pan or zoom frame changes four numbers. Drawing is
 * asynchronous: the main thread hands over two draw calls (the raster's two passes) and returns,
 * and a fence says when the GPU is done (`onDrawn`).
 */
export interface GlScatter {
  draw(d: DrawInput, ratio: number, background: string): void;
  /** Frees the GPU's buffers, and the context too when `loseContext`. */
  dispose(loseContext: boolean): void;
}

type Attribute = 'a_position' | 'a_color' | 'a_style' | 'a_mask';

/** The inputs a buffer was last built from (by identity). */
interface Seen {
  points?: Float64Array;
  groups?: ColorGroups;
  mask?: Uint8Array;
  sizes?: Float32Array | null;
  shapes?: Uint8Array | null;
}

/**
 * A WebGL2 scatter on `canvas`, or null when the canvas gives no WebGL2 context. `onDrawn`
 * receives the milliseconds from a draw's call to the GPU's end of it.
 */
export function createGlScatter(
  canvas: HTMLCanvasElement,
  onDrawn?: (ms: number) => void,
): GlScatter | null {
  const gl = canvas.getContext('webgl2', {
    alpha: false,
    antialias: false,
    depth: false,
    stencil: false,
    premultipliedAlpha: true,
    // Keeps the picture readable after it is shown (toDataURL, the tests' pixel comparison).
    preserveDrawingBuffer: true,
  });
  if (!gl) return null;
  const program = scatterProgram(gl);
  const { vao, upload, dispose: freeBuffers } = instanceBuffers(gl, program);
  const fence = fenceWatcher(gl, onDrawn);
  const uniform = (name: string) => gl.getUniformLocation(program, name);
  const u = {
    mapping: uniform('u_mapping'),
    canvas: uniform('u_canvas'),
    radius: uniform('u_radius'),
    outline: uniform('u_outline'),
    want: uniform('u_want'),
    alpha: uniform('u_alpha'),
    outlineColor: uniform('u_outlineColor'),
  };
  const [or, og, ob] = toRgb(OUTLINE);
  const seen: Seen = {};
  let origin: [number, number] = [0, 0];
  let scratch: Float32Array | undefined;

  /** Sends what changed since the last frame. */
  const sync = (d: DrawInput) => {
    const { groups } = d;
    if (seen.points !== d.points || seen.groups !== groups) {
      if (seen.points !== d.points) origin = instanceOrigin(d.points);
      scratch = instancePositions(d.points, groups, origin[0], origin[1], scratch);
      upload('a_position', scratch);
    }
    if (seen.groups !== groups) upload('a_color', instanceColors(groups));
    if (seen.groups !== groups || seen.sizes !== d.sizes || seen.shapes !== d.shapes)
      upload('a_style', instanceStyle(groups, d.sizes, d.shapes));
    if (seen.groups !== groups || seen.mask !== d.mask)
      upload('a_mask', instanceMask(groups, d.mask));
    Object.assign(seen, {
      points: d.points,
      groups,
      mask: d.mask,
      sizes: d.sizes,
      shapes: d.shapes,
    });
  };

  return {
    draw(d, ratio, background) {
      const start = performance.now();
      gl.useProgram(program);
      gl.bindVertexArray(vao);
      sync(d);
      const { width: W, height: H } = canvas;
      gl.viewport(0, 0, W, H);
      const [br, bg, bb] = toRgb(background);
      gl.clearColor(br / 255, bg / 255, bb / 255, 1);
      gl.clear(gl.COLOR_BUFFER_BIT);
      gl.enable(gl.BLEND);
      gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      const m = d.mapping;
      // Positions are relative to `origin`: its offset moves into the constant terms (float64 here).
      gl.uniform4f(
        u.mapping,
        m.ax * ratio,
        (m.bx + m.ax * origin[0]) * ratio,
        m.ay * ratio,
        (m.by + m.ay * origin[1]) * ratio,
      );
      gl.uniform2f(u.canvas, W, H);
      gl.uniform3f(u.outlineColor, or / 255, og / 255, ob / 255);
      const n = d.groups.index.length;
      const pass = (want: number, radius: number, outline: number, alpha: number) => {
        gl.uniform1f(u.want, want);
        gl.uniform1f(u.radius, radius);
        gl.uniform1f(u.outline, outline);
        gl.uniform1f(u.alpha, alpha);
        gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, n);
      };
      pass(0, d.radius * ratio, 0, d.anyEmphasis ? FADED_ALPHA : ALPHA);
      if (d.anyEmphasis) {
        const look = emphasisLook(d.mask, d.radius);
        pass(1, look.radius * ratio, look.outline ? OUTLINE_WIDTH * ratio : 0, 1);
      }
      fence.watch(start);
    },
    dispose(loseContext) {
      fence.drop();
      freeBuffers();
      gl.deleteProgram(program);
      // Gives the context back at once: browsers keep only about 16 alive per page.
      if (loseContext) gl.getExtension('WEBGL_lose_context')?.loseContext();
    },
  };
}

/** The program's vertex array: the quad's corners, and one buffer a per-point attribute. */
function instanceBuffers(gl: WebGL2RenderingContext, program: WebGLProgram) {
  const vao = gl.createVertexArray();
  gl.bindVertexArray(vao);
  const corners = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, corners);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  const cornerAt = gl.getAttribLocation(program, 'a_corner');
  gl.enableVertexAttribArray(cornerAt);
  gl.vertexAttribPointer(cornerAt, 2, gl.FLOAT, false, 0, 0);

  const layout: Record<Attribute, [size: number, type: number, normalised: boolean]> = {
    a_position: [2, gl.FLOAT, false],
    a_color: [4, gl.UNSIGNED_BYTE, true],
    a_style: [2, gl.UNSIGNED_BYTE, false],
    a_mask: [1, gl.UNSIGNED_BYTE, false],
  };
  const buffers = {} as Record<Attribute, WebGLBuffer>;
  for (const name of Object.keys(layout) as Attribute[]) {
    const [size, type, normalised] = layout[name];
    const buffer = gl.createBuffer();
    const at = gl.getAttribLocation(program, name);
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.enableVertexAttribArray(at);
    gl.vertexAttribPointer(at, size, type, normalised, 0, 0);
    gl.vertexAttribDivisor(at, 1);
    buffers[name] = buffer;
  }
  return {
    vao,
    upload(name: Attribute, data: ArrayBufferView) {
      gl.bindBuffer(gl.ARRAY_BUFFER, buffers[name]);
      gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
    },
    dispose() {
      for (const b of Object.values(buffers)) gl.deleteBuffer(b);
      gl.deleteBuffer(corners);
      gl.deleteVertexArray(vao);
    },
  };
}

/**
 * Calls `onDrawn` with the milliseconds from `start` once the GPU has done the commands given so
 * far (a fence, polled between tasks); a newer watch replaces an older one.
 */
function fenceWatcher(gl: WebGL2RenderingContext, onDrawn?: (ms: number) => void) {
  let pending: WebGLSync | null = null;
  const drop = () => {
    if (pending) gl.deleteSync(pending);
    pending = null;
  };
  const watch = (start: number) => {
    if (!onDrawn) return;
    drop();
    const fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    pending = fence;
    gl.flush();
    const poll = () => {
      if (pending !== fence || !fence) return;
      if (gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED)
        return void setTimeout(poll, 2);
      drop();
      onDrawn(performance.now() - start);
    };
    setTimeout(poll, 0);
  };
  return { watch, drop };
}
