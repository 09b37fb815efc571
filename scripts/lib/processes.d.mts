import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;
export function redisPing(port: number, timeoutMs?: number): Promise<boolean>;
export function redisServerArgs(port: number, dir: string): string[];
export function exited(child: ChildProcess): boolean;
export function waitForExit(child: ChildProcess): Promise<void>;
export function tiedToParent(bin: string, args: string[], signal?: 'KILL' | 'TERM'): [string, string[]];
