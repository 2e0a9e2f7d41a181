import { casModelSteps } from '../../core/methods/cas/casModel.ts';
import { optionsUsage } from '../request.ts';
import { casMethod } from '../../core/methods/cas/cas.ts';
import { objectPair } from '../../core/methods/cas/objects.ts';
import { parseWeights } from '../../core/methods/cas/weights.ts';
import { DataError } from '../../core/base/errors.ts';
import { runToEnd } from '../../core/base/jobs.ts';
import { CAS_PARAMETERS } from '../../core/methods/cas/cas.ts';
import { resolveOptions } from '../../core/base/parameters.ts';
import { fileArgument, list, refuseUnknown, text } from '../args.ts';
import { optionFlags } from '../callFlags.ts';
import { printJson } from '../output.ts';
import { loadTable } from '../table.ts';
import type { Command } from './command.ts';
import type { CliRequest } from '../request.ts';

const round = (x: number): number => Number(x.toFixed(6));

/**
 * `cas FILE [--irs P|U|J|I] [--objects i,j]`: Wang et al. 2015's value tables per attribute (IaASV,
 * IeASV, CASV) and, for two objects (0-based rows of the table after missing-row handling),
 * CASO and CADO with their per-attribute terms.
 */
export const casCommand: Command = {
  name: casMethod.id,
  summary:
    'coupled attribute similarity (Wang et al. 2015): IaASV, IeASV, CASV per attribute; CASO/CADO',
  usage: () =>
    `${casMethod.id}: ${casMethod.id} FILE [--objects i,j: two rows, 0-based, after missing-row handling]\n${optionsUsage(CAS_PARAMETERS)}`,
  async run(request: CliRequest, io) {
    const used = new Set(['objects']);
    const raw = optionFlags(CAS_PARAMETERS, request.own, '', used);
    refuseUnknown(request.own, used, this.usage());
    const options = resolveOptions(CAS_PARAMETERS, raw, casMethod.id);
    const objects = list(text(request.own, 'objects')).map((t) => {
      const r = Number(t);
      if (!/^\d+$/.test(t)) throw new RangeError(`--objects expects two row indices, got “${t}”`);
      return r;
    });
    if (objects.length !== 0 && objects.length !== 2)
      throw new RangeError(`--objects expects two row indices i,j, got ${objects.length}`);
    const { session } = await loadTable(fileArgument(request, this.usage()), request);
    const table = session.table;
    casMethod.check?.(table, options as never);
    if (table.rowless && objects.length > 0)
      throw new DataError(
        'needs-rows',
        '--objects compares two rows: a table known by its counts alone has none',
      );
    const model = runToEnd(
      casModelSteps(table, runToEnd(session.fitCountSteps()), {
        variant: options.irs,
        weights: parseWeights(table, options.weights),
      }),
    );
    const block = (tables: Float64Array, j: number): number[][] => {
      const m = table.attributes[j]?.labels.length ?? 0;
      const start = model.tableStart[j] as number;
      return Array.from({ length: m }, (_, x) =>
        Array.from(tables.subarray(start + x * m, start + x * m + m), round),
      );
    };
    const pair =
      objects.length === 2
        ? objectPair(table, model, objects[0] as number, objects[1] as number)
        : null;
    printJson(
      {
        irs: `IRS${options.irs}`,
        icp: model.icp,
        attributes: table.attributes.map((attr, j) => ({
          name: attr.name,
          values: attr.labels,
          intra: block(model.intra, j),
          inter: block(model.inter, j),
          casv: block(model.casv, j),
        })),
        ...(pair && {
          objects: {
            rows: objects,
            caso: round(pair.caso),
            cado: round(pair.cado),
            perAttribute: pair.perAttribute.map((p) => ({
              ...p,
              intra: round(p.intra),
              inter: round(p.inter),
              casv: round(p.casv),
              cado: round(p.cado),
            })),
          },
        }),
      },
      request,
      io,
    );
  },
};
