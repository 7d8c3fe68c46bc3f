/// The engine's one sample format: eSpeak NG's native 22 050 Hz mono, signed 16-bit, so nothing is ever resampled.
public enum AudioFormat {
    public static let sampleRate = 22_050
    public static let channels = 1
}
