import { describeDomain } from '../../core/base/parameters.ts';
import { allSpecs } from '../../core/platform/registry.ts';
import { refuseUnknown } from '../args.ts';
import { printJson, type Io } from '../output.ts';
import type { Command } from './command.ts';
import type { CliRequest } from '../request.ts';

/** `methods`: the registry — every method and step, its paper, parameters and result kinds. */
export const methodsCommand: Command = {
  name: 'methods',
  summary: 'list the registered methods and steps as JSON',
  usage: () => 'methods:  methods [--out FILE]',
  async run(request: CliRequest, io: Io) {
    refuseUnknown(request.own, new Set(['out']), this.usage());
    printJson(registryJson(), request, io);
  },
};

/** The registry as JSON, for `methods`. */
export function registryJson(): object {
  const entry = (role: 'method' | 'step') =>
    allSpecs(role).map((s) => ({
      id: s.id,
      title: s.title,
      paper: s.paper,
      where: s.where,
      description: s.description,
      parameters: s.parameters.map((p) => ({
        name: p.name,
        type: p.type,
        default: p.default,
        domain: describeDomain(p),
        ...(p.type === 'number' || p.type === 'integer'
          ? {
              ...(p.min !== undefined ? { min: p.min } : {}),
              max: p.max,
              maxBecause: p.maxBecause,
              // How the method picks the number when the option is "auto".
              ...(p.auto ? { auto: p.auto.description } : {}),
            }
          : {}),
        ...(p.type === 'choice' ? { choices: p.choices } : {}),
        ...(p.symbol ? { symbol: p.symbol } : {}),
        ...(p.role ? { role: p.role } : {}),
        description: p.description,
      })),
      ...(s.inputs?.length
        ? {
            inputs: s.inputs.map((i) => ({
              name: i.name,
              accepts: i.accepts,
              many: i.many ?? false,
            })),
          }
        : {}),
      produces: s.produces,
      // 'counts': runs from the counts alone (--counts FILE, --engine duckdb); 'rows': needs the rows.
      reads: s.reads ?? 'rows',
    }));
  return { methods: entry('method'), steps: entry('step') };
}
