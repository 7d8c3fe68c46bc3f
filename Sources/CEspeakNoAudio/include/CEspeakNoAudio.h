#ifndef C_ESPEAK_NO_AUDIO_H
#define C_ESPEAK_NO_AUDIO_H

struct audio_object;

/// pcaudiolib's entry point, defined by the program to answer "no device" (see no-audio-device.c).
struct audio_object *create_audio_device_object(const char *device, const char *application_name,
                                                const char *description);

/// True: eSpeak NG will find no audio device (the executable's definition above is linked in).
int breathe_voice_espeak_has_no_audio_device(void);

#endif
