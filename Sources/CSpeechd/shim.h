#ifndef BREATHE_VOICE_CSPEECHD_H
#define BREATHE_VOICE_CSPEECHD_H
#include <speech-dispatcher/libspeechd.h>
#endif
