#ifndef BREATHE_VOICE_CLOUIS_H
#define BREATHE_VOICE_CLOUIS_H
#include <liblouis/liblouis.h>
#endif
