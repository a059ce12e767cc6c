import LinkRouting
import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// A screen's row holds, in one allocation, what an entry of the screen is written from: its
/// name's words, its declared params' words and keys, and the texts, each as the writer would
/// render it.
@Suite struct ScreenRowTests {
    static func written(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    @Test(arguments: [
        ("home", [String]()),
        ("r63", ["owner", "repo", "number"]),
        ("a-screen-name-past-the-small-string", ["caf\u{E9}", "q_uote", "a-param-name-past-the-small-string"]),
    ])
    func theRowHoldsTheScreensTexts(name: String, params: [String]) throws {
        let tokens = ScreenTokens(
            Screen(name: name, params: try params.map { try ScreenParam($0, "string") }, parent: "home")
        )
        let row = tokens.row
        #expect(Int(bitPattern: row.base) % 64 == 0)
        #expect(row.name == ScreenNameIndex.words(of: tokens.screen.name))
        #expect(row.tokens?.takeUnretainedValue() === tokens)
        #expect(row.paramCount == params.count)
        #expect(
            Array(row.paramNameWords).map { [$0.0, $0.1] }
                == tokens.paramNames.map {
                    let words = ScreenNameIndex.words(of: $0)
                    return [words.0, words.1]
                }
        )
        // Each text after a value (with its comma) and first in an object (without).
        for first in [true, false] {
            func open(_ writer: inout JSONWriter) {
                writer.beginObject()
                if !first { writer.null() }
            }
            #expect(
                Self.written {
                    open(&$0); $0.key(row.screenAndParams)
                }
                    == Self.written {
                        open(&$0); $0.field(.screen, name); $0.key(.params)
                    }
            )
            #expect(
                Self.written {
                    open(&$0); $0.key(row.nameKey)
                }
                    == Self.written {
                        open(&$0); $0.key(name)
                    }
            )
            for (index, param) in params.enumerated() {
                #expect(
                    Self.written {
                        open(&$0); $0.key(row.paramKey(at: index))
                    }
                        == Self.written {
                            open(&$0); $0.key(param)
                        }
                )
            }
        }
    }
}
