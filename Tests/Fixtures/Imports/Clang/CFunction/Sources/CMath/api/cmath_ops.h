// No umbrella header (api/CMath.h): SwiftPM makes the folder the umbrella.
#ifndef CMATH_OPS_H
#define CMATH_OPS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

int32_t cm_add(int32_t a, int32_t b);

#define CM_LIMIT 100
#define CM_MAX(a, b) ((a) > (b) ? (a) : (b))

#ifdef __cplusplus
}
#endif

#endif
