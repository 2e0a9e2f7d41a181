"""umap-learn's UMAP on the rows bench/umapRun.ts --dump wrote, for bench/projection.bench.ts.

    python3 bench/umapLearn.py ROWS.bin N DIMS SEED [seeded|unseeded]

UMAP() with its defaults (n_neighbors 15, min_dist 0.1, spectral start, 200/500 epochs). With
`seeded` it gets random_state=SEED, which makes umap-learn run its epochs on one thread (its
parallel epochs are not reproducible); `unseeded` (default) lets it use every core, its fastest
setting. Writes the layout to ROWS.bin.out (n x 2 float64) and prints one JSON line: seconds of
fit_transform, seconds of the whole process (Python start-up, imports and numba's compilation
included), the CPU seconds of the whole process (every thread) and the threads it could use.
"""
import time

process_start = time.perf_counter()
import json  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
import warnings  # noqa: E402

import numpy as np  # noqa: E402
import umap  # noqa: E402

path, n, dims, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
seeded = len(sys.argv) > 5 and sys.argv[5] == "seeded"
rows = np.fromfile(path, dtype=np.float64).reshape(n, dims).astype(np.float32)
warnings.filterwarnings("ignore")
start = time.perf_counter()
model = umap.UMAP(random_state=seed if seeded else None)
layout = model.fit_transform(rows)
seconds = time.perf_counter() - start
layout.astype(np.float64).tofile(path + ".out")
print(
    json.dumps(
        {
            "seconds": seconds,
            "processSeconds": time.perf_counter() - process_start,
            "cpuSeconds": resource.getrusage(resource.RUSAGE_SELF).ru_utime
            + resource.getrusage(resource.RUSAGE_SELF).ru_stime,
            "version": umap.__version__,
            "cpus": len(os.sched_getaffinity(0)),
        }
    )
)
