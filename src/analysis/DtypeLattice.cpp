// The dtype lattice; written with the dtype engine.
