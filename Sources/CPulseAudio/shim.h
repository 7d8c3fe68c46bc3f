#ifndef BREATHE_VOICE_CPULSEAUDIO_H
#define BREATHE_VOICE_CPULSEAUDIO_H
/* Types and constants only: libpulse is opened with dlopen (LivePulseLibrary), nothing links it. */
#include <pulse/def.h>
#include <pulse/mainloop.h>
#include <pulse/context.h>
#include <pulse/stream.h>
#include <pulse/operation.h>
#include <pulse/error.h>
#include <pulse/sample.h>
#include <pulse/timeval.h>
#include <pulse/version.h>
#include <pulse/introspect.h>
#include <pulse/subscribe.h>
#include <pulse/proplist.h>
#endif
