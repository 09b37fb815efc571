import { describe, expect, it } from 'vitest';
import { composeReducer, emptyCompose } from './compose-state';

describe('composeReducer', () => {
  it('keeps a reply target per conversation and clears it on its own', () => {
    let state = composeReducer(emptyCompose, { type: 'reply', conv: 'g:1', mid: 10 });
    state = composeReducer(state, { type: 'reply', conv: 'u:2', mid: 20 });
    expect(state.reply).toEqual({ 'g:1': 10, 'u:2': 20 });
    state = composeReducer(state, { type: 'reply', conv: 'g:1', mid: null });
    expect(state.reply).toEqual({ 'u:2': 20 });
  });

  it('makes replying end an edit in that conversation only', () => {
    let state = composeReducer(emptyCompose, { type: 'edit', conv: 'g:1', mid: 5 });
    state = composeReducer(state, { type: 'edit', conv: 'g:2', mid: 6 });
    state = composeReducer(state, { type: 'reply', conv: 'g:1', mid: 7 });
    expect(state.editing).toEqual({ 'g:2': 6 });
  });

  it('selects and unselects in mid order, and only in selection mode', () => {
    expect(composeReducer(emptyCompose, { type: 'select/toggle', mid: 1 })).toBe(emptyCompose);
    let state = composeReducer(emptyCompose, { type: 'select/start', conv: 'g:1', mid: 9 });
    state = composeReducer(state, { type: 'select/toggle', mid: 3 });
    expect(state.selected).toEqual([3, 9]);
    state = composeReducer(state, { type: 'select/toggle', mid: 9 });
    expect(state.selected).toEqual([3]);
    state = composeReducer(state, { type: 'select/end' });
    expect(state).toMatchObject({ selecting: null, selected: [] });
  });

  it('numbers jump requests so the same target can be jumped to twice, and highlights on arrival', () => {
    let state = composeReducer(emptyCompose, { type: 'jump', conv: 'g:1', mid: 4 });
    const first = state.jump;
    state = composeReducer(state, { type: 'jump', conv: 'g:1', mid: 4 });
    expect(state.jump?.seq).toBe((first?.seq ?? 0) + 1);
    state = composeReducer(state, { type: 'jump/done', highlight: 4 });
    expect(state).toMatchObject({ jump: null, highlight: 4 });
    expect(composeReducer(state, { type: 'highlight/clear', mid: 5 })).toBe(state);
    expect(composeReducer(state, { type: 'highlight/clear', mid: 4 }).highlight).toBeNull();
  });
});
