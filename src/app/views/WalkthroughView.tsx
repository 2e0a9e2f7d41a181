import { resultsOfKind } from '../../core/platform/results.ts';
import { ResultTableView } from '../components/ResultTableView.tsx';
import type { Panel } from '../store/panelsSlice.ts';
import { MethodPanel } from './MethodPanel.tsx';

/**
 * A teaching walk-through (Wang et al. 2015): pick an attribute and two of its values (and two objects)
 * and read every intermediate quantity of Eqs. (5)-(16), the paper's numbers beside ours.
 */
export function WalkthroughView({ panel }: { panel: Panel }) {
  return (
    <MethodPanel panel={panel} what="the walk-through">
      {(output) => (
        <div className="walkthrough" data-testid="walkthrough">
          {resultsOfKind(output.results, 'table').map(({ name, result }) => (
            <section key={name}>
              <h3>{result.title}</h3>
              <ResultTableView table={{ ...result, title: '' }} testId={`walkthrough-${name}`} />
            </section>
          ))}
        </div>
      )}
    </MethodPanel>
  );
}
