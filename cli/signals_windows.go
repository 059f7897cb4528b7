package cli

import "os"

// hangupSignals end the demo explorer as Ctrl-C does, so its folder is
// removed (Windows delivers only os.Interrupt to a console program).
var hangupSignals = []os.Signal{os.Interrupt}
