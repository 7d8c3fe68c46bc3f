import Testing

@testable import BreatheCore

@Suite struct CallActivityTests {
    typealias Stream = CallActivity.Stream

    static let playing = Stream(isRecording: false)
    static let music = Stream(isRecording: false, role: "music")
    static let monitorRecording = Stream(isRecording: true, fromMonitor: true)
    static let monitorFilter = Stream(isRecording: true, fromMonitor: true, role: "filter")
    static let microphone = Stream(isRecording: true)
    static let phonePlayback = Stream(isRecording: false, role: "phone")
    static let phoneOnAMonitor = Stream(isRecording: true, fromMonitor: true, role: "phone")
    static let corkedMicrophone = Stream(isRecording: true, corked: true)
    static let corkedPhone = Stream(isRecording: false, role: "phone", corked: true)

    @Test func musicAVideoOrARecordingOfWhatPlaysIsNotACall() {
        #expect(CallActivity.find(in: []) == nil)
        #expect(CallActivity.find(in: [Self.playing, Self.music]) == nil)
        #expect(CallActivity.find(in: [Self.monitorRecording, Self.monitorFilter]) == nil)
    }

    @Test func aMicrophoneIsARecordingAndThePhoneRoleACall() {
        #expect(CallActivity.find(in: [Self.microphone]) == .recording)
        #expect(CallActivity.find(in: [Self.phonePlayback]) == .call)
        #expect(CallActivity.find(in: [Self.phoneOnAMonitor]) == .call)
        #expect(CallActivity.find(in: [Self.microphone, Self.phonePlayback]) == .call)
    }

    @Test func aCorkedStreamCarriesNothing() {
        #expect(CallActivity.find(in: [Self.corkedMicrophone]) == nil)
        #expect(CallActivity.find(in: [Self.corkedPhone, Self.microphone]) == .recording)
    }
}
