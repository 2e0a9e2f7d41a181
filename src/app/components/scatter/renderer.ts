/**
 * Which renderer draws the scatters: WebGL2 (glScatter.ts) where the browser has a GPU, the CPU
 * raster (raster.ts) otherwise. A software WebGL (SwiftShader, llvmpipe: what a machine without
 * a GPU, or with it disabled, offers) counts as no GPU: measured here (docs/projections.md,
 * "The GPU scatter") it takes seconds a frame where the raster takes milliseconds. Either can be
 * chosen on each scatter's toolbar, and `?renderer=webgl` or `?renderer=cpu` in the address
 * sets the default (the bench and the tests compare the two on one layout).
 */
export type Renderer = 'webgl' | 'cpu';

export interface GlSupport {
  /** A WebGL2 context can be made at all. */
  available: boolean;
  /** WebGL runs in software: the browser warns of a major performance caveat, or names a software rasteriser. */
  software: boolean;
  /** The GPU's name as the browser gives it (for the toolbar's title), or ''. */
  name: string;
}

let support: GlSupport | null = null;

function probe(options: WebGLContextAttributes): WebGL2RenderingContext | null {
  try {
    return document.createElement('canvas').getContext('webgl2', options);
  } catch {
    return null;
  }
}

/** What WebGL2 the browser offers, probed once. */
export function glSupport(): GlSupport {
  if (support) return support;
  if (typeof document === 'undefined')
    return (support = { available: false, software: false, name: '' });
  const fast = probe({ failIfMajorPerformanceCaveat: true });
  const gl = fast ?? probe({});
  let name = '';
  if (gl) {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
  // Chromium's SwiftShader passes the caveat test in some configurations: its name tells.
  const softwareName = /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
  support = {
    available: gl !== null,
    software: gl !== null && (fast === null || softwareName),
    name,
  };
  return support;
}

/** The renderer asked for in the address (`?renderer=webgl|cpu`), if any. */
function askedRenderer(): Renderer | null {
  if (typeof location === 'undefined') return null;
  const asked = new URLSearchParams(location.search).get('renderer');
  return asked === 'webgl' || asked === 'cpu' ? asked : null;
}

/** The renderer a new scatter starts with. */
export function defaultRenderer(): Renderer {
  const asked = askedRenderer();
  const gl = glSupport();
  if (asked === 'webgl' && gl.available) return 'webgl';
  if (asked === 'cpu') return 'cpu';
  return gl.available && !gl.software ? 'webgl' : 'cpu';
}

/**
 * Browsers keep about 16 WebGL contexts alive in a page and silently drop the oldest beyond
 * that; the scatters past this many draw on the CPU instead (a page of many panels).
 */
export const MAX_GL_SCATTERS = 12;
let live = 0;

/** Takes a WebGL slot; false when all are taken. */
export function takeGlSlot(): boolean {
  if (live >= MAX_GL_SCATTERS) return false;
  live++;
  return true;
}

export function releaseGlSlot(): void {
  live = Math.max(0, live - 1);
}

/** The toolbar's words for the renderer in use. */
export function rendererTitle(renderer: Renderer, gl: GlSupport, why: string | null): string {
  if (renderer === 'webgl')
    return `Drawn by WebGL2 on ${gl.name || 'the GPU'}${gl.software ? ' (in software: slower than the CPU raster here)' : ''}. Press to draw on the CPU.`;
  if (why) return `Drawn on the CPU: ${why}`;
  if (!gl.available) return 'Drawn on the CPU: this browser offers no WebGL2.';
  return gl.software
    ? `Drawn on the CPU: WebGL2 runs in software here (${gl.name || 'no GPU'}), slower than the CPU raster. Press to draw with WebGL2 anyway.`
    : 'Drawn on the CPU. Press to draw with WebGL2.';
}
