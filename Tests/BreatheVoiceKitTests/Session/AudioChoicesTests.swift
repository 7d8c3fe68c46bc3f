import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// What a session asks of speech-dispatcher: the user's own voice, rate, pitch and volume stay in force unless a flag
/// names one, and the chosen priority always goes with the message.
@Suite struct AudioChoicesTests {
    @Test func withNoExplicitSettingsOnlyLanguageAndPriorityAreSent() {
        let choices = AudioChoices(
            voice: "en-us", rate: 300, pitch: 90, volume: 150, speechVia: .speechd, speechPriority: .text)
        let request = choices.dispatcherRequest(language: "en", voiceName: "English (America)")
        #expect(request.language == "en")
        #expect(request.priority == .text)
        #expect(request.voiceName == nil)
        #expect(request.rate == nil)
        #expect(request.pitch == nil)
        #expect(request.volume == nil)
    }

    @Test(arguments: SpeechPriority.allCases)
    func theChosenPriorityIsSent(priority: SpeechPriority) {
        let choices = AudioChoices(speechVia: .speechd, speechPriority: priority)
        #expect(choices.dispatcherRequest(language: "es", voiceName: nil).priority == priority)
    }

    /// Each explicit setting is sent alone, on speech-dispatcher's −100…100 scales; the others stay unset.
    @Test func eachExplicitSettingIsSentAlone() {
        let all: [PreferenceKey] = [.voice, .rate, .pitch, .volume]
        for key in all {
            let choices = AudioChoices(
                voice: "es-419", rate: 449, pitch: 100, volume: 0, speechVia: .speechd,
                explicitSpeechSettings: [key])
            let request = choices.dispatcherRequest(language: "es", voiceName: "Spanish (Latin America)")
            #expect((request.voiceName != nil) == (key == .voice), "\(key)")
            #expect(request.rate == (key == .rate ? 100 : nil), "\(key)")
            #expect(request.pitch == (key == .pitch ? 100 : nil), "\(key)")
            #expect(request.volume == (key == .volume ? -100 : nil), "\(key)")
        }
    }
}
