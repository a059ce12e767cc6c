/// A client-chosen session id as its shard's dictionary keys it: the text, compared and hashed as
/// `String` does, with the process's random seed (a client choosing ids cannot tell which of them
/// collide). Only ids of 17 characters or more, and client-chosen ones in the minted format, come
/// here: shorter ones are packed (``SessionKey/short(_:)``).
struct TextSessionKey: Hashable {
    let text: String

    init(_ text: String) {
        self.text = text
    }
}
