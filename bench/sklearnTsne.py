"""scikit-learn's t-SNE on the rows bench/tsneRun.ts --dump wrote, for bench/projection.bench.ts.

    python3 bench/sklearnTsne.py ROWS.bin N DIMS SEED [ITERATIONS]

TSNE(init='pca', perplexity=30), 1,000 iterations (ITERATIONS; its least is 250), Barnes-Hut (angle 0.5), its other defaults;
it uses every core (OpenMP). Writes the layout to ROWS.bin.out (n x 2 float64) and prints one
JSON line: seconds (fit_transform only), KL and the threads it could use.
"""
import json
import os
import sys
import time

import numpy as np
import sklearn
from sklearn.manifold import TSNE

path, n, dims, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
iterations = int(sys.argv[5]) if len(sys.argv) > 5 else 1000
rows = np.fromfile(path, dtype=np.float64).reshape(n, dims)
options = dict(n_components=2, perplexity=30.0, init="pca", random_state=seed, angle=0.5)
# 1.2 names the iteration count n_iter; 1.5 renamed it max_iter.
options["max_iter" if "max_iter" in TSNE().get_params() else "n_iter"] = iterations
if "learning_rate" in TSNE().get_params():
    options["learning_rate"] = "auto"
start = time.perf_counter()
model = TSNE(**options)
layout = model.fit_transform(rows)
seconds = time.perf_counter() - start
layout.astype(np.float64).tofile(path + ".out")
print(
    json.dumps(
        {
            "seconds": seconds,
            "kl": float(model.kl_divergence_),
            "version": sklearn.__version__,
            "cpus": len(os.sched_getaffinity(0)),
        }
    )
)
