#ifndef FUZZ_DRIVER_H
#define FUZZ_DRIVER_H
// Intentionally empty: the driver only defines the executable's entry point (see FuzzDriver.c).
#endif
