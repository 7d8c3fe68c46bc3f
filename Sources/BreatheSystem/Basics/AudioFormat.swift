/// The engine's one sample format: eSpeak NG's native 22 050 Hz mono, signed 16-bit, so nothing is ever resampled.
package enum AudioFormat {
    package static let sampleRate = 22_050
    static let channels = 1
}
