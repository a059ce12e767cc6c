import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// The navigation answer's keys and runs are literals typed by hand: each is the text the writer
/// renders for it, with and without its comma.
@Suite struct JSONKeyLiteralTests {
    static let names: [(JSONKey, String)] = [
        (.status, "status"), (.session, "session"), (.version, "version"), (.url, "url"), (.route, "route"),
        (.name, "name"), (.pattern, "pattern"), (.params, "params"), (.redirects, "redirects"),
        (.interceptors, "interceptors"), (.kind, "kind"), (.outcome, "outcome"), (.stack, "stack"),
        (.transition, "transition"), (.mediation, "mediation"), (.source, "source"),
        (.destination, "destination"), (.presentation, "presentation"), (.payload, "payload"),
        (.parked, "parked"), (.warnings, "warnings"), (.code, "code"), (.param, "param"),
        (.message, "message"), (.id, "id"), (.screen, "screen"), (.op, "op"), (.count, "count"),
        (.entry, "entry"), (.attributes, "attributes"), (.flow, "flow"), (.strategy, "strategy"),
        (.via, "via"),
    ]

    /// The text of `tokens`, without and with its comma.
    static func texts(_ tokens: PreRenderedTokens) -> [String] {
        [false, true].map { comma in tokens.withText(comma: comma) { String(decoding: $0, as: UTF8.self) } }
    }

    static func rendered(_ write: (inout JSONWriter) -> Void) -> [String] {
        texts(PreRenderedTokens(write))
    }

    /// What `write` writes with no comma due, and after a value (a comma due).
    static func written(_ write: (inout JSONWriter) -> Void) -> [String] {
        [false, true].map { comma in
            var writer = JSONWriter()
            writer.needsComma = comma
            write(&writer)
            return String(decoding: writer.finish(), as: UTF8.self)
        }
    }

    @Test func keysAreTheirNamesQuoted() {
        for (key, name) in Self.names {
            #expect(Self.texts(key.tokens) == Self.rendered { $0.key(name) }, "\(name)")
        }
    }

    static func opening(_ op: String, _ member: String) -> [String] {
        rendered { writer in
            writer.beginObject()
            writer.field("op", op)
            writer.key(member)
        }
    }

    @Test func runsAreWhatTheWriterWrites() {
        #expect(
            Self.texts(JSONKey.openEntry.tokens)
                == Self.rendered {
                    $0.beginObject(); $0.key("id")
                }
        )
        #expect(Self.texts(JSONKey.pushEntry.tokens) == Self.opening("push", "entry"))
        #expect(Self.texts(JSONKey.presentEntry.tokens) == Self.opening("present", "entry"))
        #expect(Self.texts(JSONKey.updateEntry.tokens) == Self.opening("update", "entry"))
        #expect(Self.texts(JSONKey.popCount.tokens) == Self.opening("pop", "count"))
        #expect(Self.texts(JSONKey.replaceStack.tokens) == Self.opening("replace", "stack"))
        #expect(
            Self.texts(JSONConstant.dismissOp.tokens)
                == Self.rendered { writer in
                    writer.beginObject()
                    writer.field("op", "dismiss")
                    writer.endObject()
                }
        )
    }

    @Test(arguments: [Presentation.push, .modal, .root])
    func entryEnds(_ presentation: Presentation) {
        let name = presentation.rawValue
        #expect(
            Self.written { $0.closingEntry(presentation) }
                == Self.rendered { writer in
                    writer.key("presentation")
                    writer.string(name)
                    writer.endObject()
                }
        )
    }

    @Test(arguments: [NavigationOutcome.Status.navigated, .parked, .redirectedScreen, .unchanged])
    func openings(_ status: NavigationOutcome.Status) {
        #expect(
            Self.written { $0.opening(status) }
                == Self.rendered { writer in
                    writer.beginObject()
                    writer.field("status", status.rawValue)
                    writer.key("session")
                }
        )
    }

    @Test func topLevelRuns() {
        #expect(
            Self.texts(JSONKey.noRedirectsOpenStack.tokens)
                == Self.rendered { writer in
                    writer.field("redirects", [String]())
                    writer.key("interceptors")
                    writer.beginArray()
                    writer.endArray()
                    writer.key("stack")
                    writer.beginArray()
                }
        )
        #expect(
            Self.texts(JSONConstant.popOne.tokens)
                == Self.rendered { writer in
                    writer.beginObject()
                    writer.field("op", "pop")
                    writer.field("count", 1)
                    writer.endObject()
                }
        )
        #expect(
            Self.texts(JSONKey.mediationSource.tokens)
                == Self.rendered { writer in
                    writer.key("mediation")
                    writer.beginObject()
                    writer.key("source")
                }
        )
        #expect(
            Self.texts(JSONConstant.noParkedNoWarnings.tokens)
                == Self.rendered { writer in
                    writer.nullField("parked")
                    writer.key("warnings")
                    writer.beginArray()
                    writer.endArray()
                }
        )
    }

    /// The runs that close a container are written with no comma in front, whether one is due
    /// or not, as the writer's own closing would.
    @Test func closingRuns() {
        #expect(
            Self.written { $0.reopen(.stackThenTransition) }
                == Self.written { writer in
                    writer.needsComma = false
                    writer.endArray()
                    writer.key("transition")
                    writer.beginArray()
                }
        )
        #expect(
            Self.written { $0.reopen(.closeRouteNoRedirectsOpenStack) }
                == Self.written { writer in
                    writer.needsComma = false
                    writer.endObject()
                    writer.endObject()
                    writer.field("redirects", [String]())
                    writer.key("interceptors")
                    writer.beginArray()
                    writer.endArray()
                    writer.key("stack")
                    writer.beginArray()
                }
        )
        #expect(
            Self.written { $0.reopen(.transitionThenMediation) }
                == Self.written { writer in
                    writer.needsComma = false
                    writer.endArray()
                    writer.key("mediation")
                    writer.beginObject()
                    writer.key("source")
                }
        )
        #expect(
            Self.written { $0.close(.closeAnswer) }
                == Self.written { writer in
                    writer.needsComma = false
                    writer.endObject()
                    writer.endObject()
                    writer.nullField("parked")
                    writer.key("warnings")
                    writer.beginArray()
                    writer.endArray()
                    writer.endObject()
                }
        )
        // After each, the next member or element goes without a comma, the next after a value with one.
        #expect(
            Self.written { writer in
                writer.reopen(.stackThenTransition)
                writer.int(1)
                writer.close(.closeAnswer)
                writer.int(2)
            } == ["],\"transition\":[1}},\"parked\":null,\"warnings\":[]},2"].flatMap { [$0, $0] }
        )
    }

    /// A member with a number, then the next key, is written as the member and the key are.
    @Test(arguments: [0, 7, 9, 10, 42, 99, 100, 12_345, -1, Int.min, Int.max])
    func aMemberThenAKey(_ value: Int) {
        #expect(
            Self.written { $0.field(.version, value, thenKey: .url) }
                == Self.written { writer in
                    writer.field("version", value)
                    writer.key("url")
                }
        )
        // Written over the writer's growth, each keeps its own bytes and no more.
        var writer = JSONWriter(capacity: 16)
        var expected = JSONWriter(capacity: 16)
        writer.beginArray()
        expected.beginArray()
        for _ in 0..<50 {
            writer.beginObject()
            writer.field(.version, value, thenKey: .url)
            writer.null()
            writer.endObject()
            expected.beginObject()
            expected.field("version", value)
            expected.key("url")
            expected.null()
            expected.endObject()
        }
        writer.endArray()
        expected.endArray()
        #expect(writer.finish() == expected.finish())
    }

    @Test(arguments: [Presentation.push, .modal, .root, nil])
    func presentationsAndPayloads(_ presentation: Presentation?) {
        #expect(
            Self.written { $0.presentationAndPayload(presentation) }
                == Self.rendered { writer in
                    writer.field("presentation", presentation?.rawValue)
                    writer.key("payload")
                    writer.beginObject()
                }
        )
    }
}
