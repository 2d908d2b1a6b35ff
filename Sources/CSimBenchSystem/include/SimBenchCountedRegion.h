#ifndef SIMBENCH_COUNTED_REGION_H
#define SIMBENCH_COUNTED_REGION_H

#ifdef __cplusplus
extern "C" {
#endif

/// The name Callgrind is told to count inside (`--toggle-collect`) and to dump after
/// (`--dump-after`): `run --instructions callgrind` (CallgrindPass.swift).
#define SIMBENCH_COUNTED_REGION_NAME "simbench_counted_region"

/// Calls `body(context)` and returns: the one region of the counted pass.
///
/// Under `valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect=simbench_counted_region --dump-after=simbench_counted_region`, costs are
/// collected only while this function runs, and each call ends with a dump of exactly that
/// call's costs. It is never inlined, and its call of `body` is never a tail call, so that
/// Callgrind sees it enter and leave around the body. Outside Callgrind it only calls `body`.
void simbench_counted_region(void (*body)(void *context), void *context);

/// Calls `body(context)` as `simbench_counted_region` does, but Callgrind is not told of it:
/// the warm pass before a counted one goes the same way through the same code (the dynamic
/// linker binds, on first use, what the region's call reaches), so that none of those
/// one-off costs lands in the counted call.
void simbench_uncounted_region(void (*body)(void *context), void *context);

#ifdef __cplusplus
}
#endif

#endif
