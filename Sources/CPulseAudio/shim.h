#ifndef BREATHE_VOICE_CPULSEAUDIO_H
#define BREATHE_VOICE_CPULSEAUDIO_H
#include <pulse/simple.h>
#include <pulse/error.h>
#include <pulse/sample.h>
#include <pulse/timeval.h>
#include <pulse/version.h>
#endif
