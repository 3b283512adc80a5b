#ifndef CMATH_TYPES_H
#define CMATH_TYPES_H

typedef struct cm_pair { int32_t first; int32_t second; } cm_pair;

#endif
