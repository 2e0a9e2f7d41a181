import { beforeEach, describe, expect, it } from 'vitest';
import { useWorkspaceStatus, workspaceRefused } from '../../../src/app/workspace/restore.ts';

describe('a workspace refusal is one sentence', () => {
  beforeEach(() => useWorkspaceStatus.setState({ refusals: [] }));
  const last = () => useWorkspaceStatus.getState().refusals.at(-1)?.message;

  it('gives a first word its capital and the sentence its full stop', () => {
    workspaceRefused('the workspace in this link was not opened: it names no sample');
    expect(last()).toBe('The workspace in this link was not opened: it names no sample.');
  });

  it('writes a file name that opens it as the user wrote it', () => {
    workspaceRefused('poison.csv is not the file this workspace was made on');
    expect(last()).toBe('poison.csv is not the file this workspace was made on.');
  });
});
