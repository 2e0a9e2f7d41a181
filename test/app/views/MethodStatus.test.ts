import { describe, expect, it } from 'vitest';
import { REPORT_DEFECT, type ErrorInfo } from '../../../src/core/base/errors.ts';
import { internalErrorText } from '../../../src/app/views/MethodStatus.tsx';

const error = (call?: string): ErrorInfo => ({
  code: 'internal',
  message: 'index out of range',
  ...(call ? { call } : {}),
});

describe('internalErrorText: the method and call an internal error hit', () => {
  it('names the innermost call running and its method', () => {
    const inner = '{"method":"cde","options":{"alpha":30}}';
    expect(internalErrorText(error(inner), 'Projection', '{"method":"tsne"}')).toBe(
      `Internal error in cde (call ${inner}): index out of range — ${REPORT_DEFECT}.`,
    );
  });

  it('falls back to the view’s own call, then to the view’s name when the call is no JSON', () => {
    expect(internalErrorText(error(), 'Projection', '{"method":"tsne"}')).toBe(
      `Internal error in tsne (call {"method":"tsne"}): index out of range — ${REPORT_DEFECT}.`,
    );
    expect(internalErrorText(error(), 'Projection', 'not json')).toBe(
      `Internal error in Projection (call not json): index out of range — ${REPORT_DEFECT}.`,
    );
  });

  it('says so when neither the call nor the name is known', () => {
    expect(internalErrorText(error(), null, undefined)).toBe(
      `Internal error in a method (call (unknown)): index out of range — ${REPORT_DEFECT}.`,
    );
  });
});
