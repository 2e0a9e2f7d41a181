import { scaledSteps, type Steps } from '../../base/jobs.ts';
import type { MethodContext } from '../../platform/spec.ts';
import { defineDetector } from '../../platform/defineDetector.ts';
import type {
  AttributeImpacts,
  ResultTable,
  ValueMatrix,
  ValueTableDistance,
} from '../../platform/results.ts';
import { classRows, majorityClass, parseRowList, withRows } from '../../data/table/classRows.ts';
import { DILCA_PAPER } from '../dilca/dilca.ts';
import { SANDCAT_PARAMETERS } from './sandcatParameters.ts';
import {
  representativesText,
  SANDCAT_EXPLANATION,
  sandcatFit,
  sandcatScoring,
  type SandcatModel,
} from './detector.ts';

export { SANDCAT_PARAMETERS };

interface DilcaResults {
  distance: ValueTableDistance;
  distances?: ValueMatrix;
  modelImpact: AttributeImpacts;
  contexts: ResultTable;
}

/** The DILCA model of the normal class, or of every other class (a cached `dilca` call). */
function* model(
  context: MethodContext,
  normal: string,
  side: 'equal' | 'other',
  marked: string | null,
): Steps<DilcaResults> {
  const output = yield* context.require({
    method: 'dilca',
    options: { fitClass: normal, fitSide: side, ...(marked !== null && { moveRows: marked }) },
  });
  return output.results as unknown as DilcaResults;
}

/**
 * SAnDCat (DILCA/SAnDCat, Ienco et al. 2016, Sec. IV): DILCA learned on the normal class, and each object's outlier score
 * OS = the sum of its distances to k representatives of the normal objects (Eq. (3)). Every row
 * is scored; a normal row is left out of its own representatives. Also gives the attribute
 * model impacts of the normal and abnormal models (Table II), each object's attribute distance
 * impact (Sec. IV-C-2), both models' value distances (Figs. 2-3) and contexts (Table I).
 *
 * Its run is its own: it learns the normal class (and the rows marked normal) from cached DILCA
 * calls that its other results share, rather than one fit on every row. Its role in the
 * outlier experiments (DILCA on the training rows, OS of the tested rows) and its explanation
 * come from the declaration, and the run scores with the same one scan (detector.ts).
 */
export const sandcatMethod = defineDetector({
  id: 'sandcat',
  title: 'SAnDCat',
  order: 8,
  team: 'its scan of the training objects for each tested object (scanTeam.ts)',
  paper: DILCA_PAPER,
  where: 'Sec. IV, Eqs. (2)-(3); Table II; Figs. 4-5',
  description: 'Semi-supervised outlier scores from a DILCA model of the normal class',
  parameters: SANDCAT_PARAMETERS,
  needsRowsBecause: 'it scores each object against representatives of the normal class',
  alsoProduces: [
    'object-impacts',
    'object-partition',
    'attribute-impacts',
    'value-matrix',
    'object-distance',
    'table',
  ],
  supervision: 'semi-supervised',
  experimentOptions: ['heuristic', 'k'],
  // Under MaxDTK the farthest normal objects differ from an object everywhere; its nearest
  // (MinDTK) differ where its own values are unusual.
  explainsValuesWith: { heuristic: 'mindtk' },
  scoreTitle: 'SAnDCat outlier score',
  fit: ({ table, rows, options, counts }) => sandcatFit(table, rows, options, counts),
  *score(model, rows, table) {
    return (yield* sandcatScoring(model, rows, table)).scores;
  },
  // The scan finds the impacts on its way to the scores.
  *scoreAndExplain(model, rows, table) {
    const { scores, impacts } = yield* sandcatScoring(model, rows, table);
    return { scores, terms: impacts };
  },
  work: { fit: 1, score: 4, explain: 0 },
  explanation: SANDCAT_EXPLANATION,
  check(table, options) {
    const normal = options.normalClass ?? majorityClass(table, 'SAnDCat');
    classRows(table, { label: normal, side: 'equal' }, 'SAnDCat');
    parseRowList(options.alsoNormal, table.nRows, 'alsoNormal');
  },
  *run(context, options) {
    const { table } = context;
    const normal = options.normalClass ?? majorityClass(table, 'SAnDCat');
    const marked = parseRowList(options.alsoNormal, table.nRows, 'alsoNormal');
    const markedText = marked.length > 0 ? Array.from(marked).join(',') : null;
    const fitRows = withRows(
      classRows(table, { label: normal, side: 'equal' }, 'SAnDCat'),
      marked,
      true,
    );
    const hasOthers = fitRows.length < table.nRows;
    const normalModel = yield* scaledSteps(model(context, normal, 'equal', markedText), 0, 0.1);
    const abnormalModel = hasOthers
      ? yield* scaledSteps(model(context, normal, 'other', markedText), 0.1, 0.2)
      : null;
    if (options.k > fitRows.length)
      context.warn(
        `k = ${options.k} lowered to ${fitRows.length}: the class “${normal}” has ${fitRows.length} rows`,
      );
    const allRows = Int32Array.from({ length: table.nRows }, (_, i) => i);
    const fitted: SandcatModel = {
      distance: normalModel.distance,
      fitRows,
      options,
      learnt: `the normal class ${normal}${marked.length > 0 ? ' and the rows you marked normal' : ''}`,
    };
    const scoring = yield* scaledSteps(sandcatScoring(fitted, allRows, table), 0.2, 1);
    const what = representativesText(fitted);
    return {
      scores: {
        kind: 'object-scores',
        title: `SAnDCat outlier score (${what})`,
        n: table.nRows,
        scores: scoring.scores,
        direction: 'higher-is-more-anomalous',
        notes: [
          `normal class: ${normal} (${fitRows.length} training rows${marked.length > 0 ? `, ${marked.length} marked normal by you` : ''}); training rows are scored without themselves`,
        ],
      },
      training: {
        kind: 'object-partition',
        title: 'SAnDCat training set',
        n: table.nRows,
        k: 2,
        labels: trainingLabels(table.nRows, fitRows),
        notes: ['cluster 1: the training (normal) objects; cluster 2: the others'],
      },
      distanceImpact: {
        kind: 'object-impacts',
        title: `Attribute distance impact (${what})`,
        n: table.nRows,
        dims: table.attributes.length,
        values: scoring.impacts,
        notes: [
          'mean DILCA distance of the object’s value to its representatives’ values (Sec. IV-C-2)',
        ],
      },
      explanations: {
        kind: 'object-explanations',
        title: SANDCAT_EXPLANATION.title(fitted),
        n: table.nRows,
        dims: table.attributes.length,
        values: scoring.impacts,
        relation: SANDCAT_EXPLANATION.relation,
        relationText: SANDCAT_EXPLANATION.relationText,
        definition: SANDCAT_EXPLANATION.definition(fitted),
      },
      normalImpact: {
        ...normalModel.modelImpact,
        title: `Attribute model impact — normal (${normal})`,
      },
      ...(abnormalModel && {
        abnormalImpact: {
          ...abnormalModel.modelImpact,
          title: `Attribute model impact — abnormal (not ${normal})`,
        },
      }),
      ...(normalModel.distances && {
        normalDistances: {
          ...normalModel.distances,
          title: `DILCA value distances — normal (${normal})`,
        },
      }),
      ...(abnormalModel?.distances && {
        abnormalDistances: {
          ...abnormalModel.distances,
          title: `DILCA value distances — abnormal (not ${normal})`,
        },
      }),
      distance: { ...normalModel.distance, title: `DILCA distance — normal model (${normal})` },
      contexts: mergedContexts(normalModel.contexts, abnormalModel?.contexts, normal),
    };
  },
});

/** 0 for each training row, 1 for the others. */
function trainingLabels(n: number, fitRows: Int32Array): Int32Array {
  const labels = new Int32Array(n).fill(1);
  for (const r of fitRows) labels[r] = 0;
  return labels;
}

/** Table I: the contexts of the normal and the abnormal model side by side. */
function mergedContexts(
  normal: ResultTable,
  abnormal: ResultTable | undefined,
  label: string,
): ResultTable {
  return {
    ...normal,
    columns: [
      { key: 'attribute', title: 'attribute' },
      { key: 'normal', title: `context — normal (${label})` },
      ...(abnormal ? [{ key: 'abnormal', title: `context — abnormal (not ${label})` }] : []),
    ],
    rows: normal.rows.map((row, i) => ({
      attribute: row.attribute ?? null,
      normal: row.context ?? null,
      ...(abnormal ? { abnormal: abnormal.rows[i]?.context ?? null } : {}),
    })),
  };
}
