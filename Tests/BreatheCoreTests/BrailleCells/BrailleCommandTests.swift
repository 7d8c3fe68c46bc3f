import Testing

@testable import BreatheCore

@Suite struct BrailleCommandTests {
    /// Key codes as BrlAPI delivers them in tty mode (brlapi_constants.h): type CMD (0x20000000), block, argument.
    @Test(arguments: [
        (UInt64(0x2000_0009), BrailleCommand.top),
        (0x2000_000A, .bottom),
        // The pan keys are BRLTTY's: never asked for, nothing of ours if they came.
        (0x2000_0018, .other),
        (0x2000_0017, .other),
        (0x2000_0001, .lineUp),
        (0x2000_0002, .lineDown),
        (0x2001_0003, .route(cell: 3)),
        (0x2001_0000, .route(cell: 0)),
        // A modifier flag above bit 32 leaves the command as it is.
        (0x0000_0001_2000_0001, .lineUp),
        (0x2000_001D, .other), // HOME
        (0x0000_0061, .other), // a key symbol ('a'), not a command
    ])
    func decodes(_ code: UInt64, _ command: BrailleCommand) {
        #expect(BrailleCommand(keyCode: code) == command)
    }
}
