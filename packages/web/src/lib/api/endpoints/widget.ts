import type { WidgetConfig } from '@parley/protocol';
import { call } from '../call';

/** The embeddable widget's switch (docs/widget.md). */
export const getWidgetConfig = () => call('getWidgetConfig');
export const setWidgetConfig = (config: WidgetConfig) => call('setWidgetConfig', { body: config });
