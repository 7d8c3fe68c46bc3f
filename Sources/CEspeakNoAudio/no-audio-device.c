// eSpeak NG gets no audio device of its own. libespeak-ng 1.51 (Debian 12, Ubuntu 24.04) asks pcaudiolib for one
// whenever it is initialized, whatever the output mode (espeak_ng_InitializeOutput calls create_audio_device_object
// even for AUDIO_OUTPUT_SYNCHRONOUS, which never plays), and pcaudiolib finds it by opening a blocking PulseAudio
// connection (pa_simple_new) to the default server: a server that accepts and never answers held that call for 30 s,
// so `voices`, a render or a phrase-cache miss waited on a sound server they never use. The program's sound goes
// through its own stream (LivePulseSink), so eSpeak NG needs no device: this definition, exported from the executable
// (Package.swift's --export-dynamic-symbol), comes first in the dynamic linker's search, ahead of pcaudiolib's, when
// libespeak-ng is opened with dlopen, and answers "no device". eSpeak NG then synthesizes as before; only its
// playback, which the program never asks for, would have had nowhere to go (later versions only create the device
// for playback modes). Linked into the breathe-voice executable only: the test bundles use pcaudiolib's own.
#include <stddef.h>
#include "CEspeakNoAudio.h"

struct audio_object *create_audio_device_object(const char *device, const char *application_name,
                                                const char *description) {
    (void)device; (void)application_name; (void)description;
    return NULL;
}

int breathe_voice_espeak_has_no_audio_device(void) {
    return create_audio_device_object(NULL, NULL, NULL) == NULL;
}
