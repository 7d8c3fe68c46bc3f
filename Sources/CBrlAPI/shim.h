#ifndef BREATHE_VOICE_CBRLAPI_H
#define BREATHE_VOICE_CBRLAPI_H
#include <brlapi.h>
#endif
