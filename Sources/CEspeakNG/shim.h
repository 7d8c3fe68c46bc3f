#ifndef BREATHE_VOICE_CESPEAKNG_H
#define BREATHE_VOICE_CESPEAKNG_H
#include <espeak-ng/speak_lib.h>
#endif
