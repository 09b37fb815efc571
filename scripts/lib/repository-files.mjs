/**
 * The files the checks in scripts/ read: tracked ones and new ones git does not ignore, so a file
 * not yet added is checked too. Paths are relative to `root`, with forward slashes.
 */
import { execFileSync } from 'node:child_process';

export function repositoryFiles(root) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\0').filter(Boolean);
}
