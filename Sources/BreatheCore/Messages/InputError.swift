/// A refusal of something the user typed, as a message naming the field, the value and what is allowed.
package struct InputError: Error, Hashable, Sendable {
    package var message: Message

    package init(_ message: Message) {
        self.message = message
    }
}
