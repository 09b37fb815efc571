/**
 * A small Prometheus text-format registry (exposition format 0.0.4): counters and histograms with
 * labels, and gauges read when scraped. Enough for our handful of series without a dependency.
 */

type Labels = Record<string, string>;

const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escape(v)}"`);
  return parts.length > 0 ? `{${parts.join(',')}}` : '';
};
/** A series' key: names and values between separators no route or status contains. Runs twice per request. */
const keyOf = (labels: Labels) => {
  let key = '';
  for (const name in labels) key += `${name}\u0000${labels[name]}\u0001`;
  return key;
};

interface Metric {
  render(): string[];
}

export class Counter implements Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    private readonly help: string,
  ) {}
  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(labels);
    const entry = this.values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(key, entry);
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values())
      lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines;
  }
}

export class Histogram implements Metric {
  private readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly buckets: readonly number[],
  ) {}
  observe(value: number, labels: Labels = {}): void {
    const key = keyOf(labels);
    let s = this.series.get(key);
    if (!s) {
      s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    this.buckets.forEach((le, i) => {
      if (value <= le) s.counts[i]!++;
    });
    s.sum += value;
    s.count++;
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.series.values()) {
      this.buckets.forEach((le, i) =>
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(le) })} ${counts[i]}`),
      );
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

/** A value read at scrape time; a read that yields nothing leaves the series out. */
export class Gauge implements Metric {
  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly read: () => { labels?: Labels; value: number }[],
  ) {}
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`];
    for (const { labels, value } of this.read())
      lines.push(`${this.name}${labelText(labels ?? {})} ${value}`);
    return lines;
  }
}

export class Registry {
  private readonly metrics: Metric[] = [];
  add<M extends Metric>(metric: M): M {
    this.metrics.push(metric);
    return metric;
  }
  render(): string {
    return this.metrics.flatMap((m) => m.render()).join('\n') + '\n';
  }
}
