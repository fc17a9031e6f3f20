// The dtype property; written with the dtype engine.
