/** Every kernel a team can run, registered on import (helpers import this module). */
import '../project/parallelGradient.ts';
import '../project/nnDescentJoin.ts';
