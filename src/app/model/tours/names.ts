import type { TableMeta } from '../../../core/platform/session.ts';

/** The global index of a value named `Attribute=value`, or −1 when the table lacks it. */
export function valueIndex(meta: TableMeta, name: string): number {
  const cut = name.indexOf('=');
  const attr = meta.attributes.find((a) => a.name === name.slice(0, cut));
  const k = attr ? attr.labels.indexOf(name.slice(cut + 1)) : -1;
  return attr && k >= 0 ? attr.offset + k : -1;
}

/** The index of a feature attribute by name, or −1. */
export function attributeIndex(meta: TableMeta, name: string): number {
  return meta.attributes.findIndex((a) => a.name === name);
}
