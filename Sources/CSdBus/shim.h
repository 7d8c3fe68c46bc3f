#ifndef BREATHE_VOICE_CSDBUS_H
#define BREATHE_VOICE_CSDBUS_H
#include <systemd/sd-bus.h>
#endif
