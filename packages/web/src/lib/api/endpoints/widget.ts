import type { EmbeddingConfig, WidgetConfig } from '@parley/protocol';
import { call } from '../call';

/** The embeddable widget's switch (docs/widget.md). */
export const getWidgetConfig = () => call('getWidgetConfig');
export const setWidgetConfig = (config: WidgetConfig) => call('setWidgetConfig', { body: config });

/** Who may frame the whole client (administrators; docs/embedding.md). */
export const getEmbeddingConfig = () => call('getEmbeddingConfig');
export const setEmbeddingConfig = (body: EmbeddingConfig) => call('setEmbeddingConfig', { body });
