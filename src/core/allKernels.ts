/** Every kernel a team can run, registered on import (helpers import this module). */
import './projection/parallelGradient.ts';
import './projection/affinity.ts';
import './neighbours/nnDescentJoin.ts';
import './projection/umapEpochs.ts';
import './projection/spectralComponents.ts';
import './neighbours/neighbourLists.ts';
import './methods/detectors/lofTeam.ts';
import './neighbours/ofObject.ts';
import './methods/detectors/isolationForestTeam.ts';
import './methods/sandcat/scanTeam.ts';
import './clustering/assignTeam.ts';
