import PropertyBased
import Testing

@testable import LinkNavigation

/// `SessionAttributes` behaves like a `[String: AttributeValue]` and keeps its entries in name order.
@Suite struct SessionAttributesTests {
    @Test func entriesStaySortedAndNamesUnique() {
        var attributes: SessionAttributes = ["zeta": .number(1), "alpha": .bool(true), "mid": .string("m")]
        #expect(attributes.names == ["alpha", "mid", "zeta"])
        attributes["beta"] = .number(2)
        attributes["alpha"] = .bool(false)
        #expect(attributes.names == ["alpha", "beta", "mid", "zeta"])
        #expect(attributes["alpha"] == .bool(false))
        attributes["mid"] = nil
        attributes["absent"] = nil
        #expect(attributes.map(\.key) == ["alpha", "beta", "zeta"])
        #expect(attributes.map(\.value) == [.bool(false), .number(2), .number(1)])
        #expect(attributes["mid"] == nil)
    }

    @Test func aNameGivenTwiceKeepsItsLastValue() {
        let attributes: SessionAttributes = ["a": .number(1), "a": .number(2)]
        #expect(attributes.count == 1)
        #expect(attributes["a"] == .number(2))
        #expect(SessionAttributes([("b", .bool(true)), ("b", .bool(false))])["b"] == .bool(false))
    }

    @Test func equalityAndHashIgnoreTheOrderOfInsertion() {
        let forward = SessionAttributes((0..<30).map { ("k\($0)", AttributeValue.number(Double($0))) })
        let backward = SessionAttributes((0..<30).reversed().map { ("k\($0)", AttributeValue.number(Double($0))) })
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        var changed = backward
        changed["k7"] = .string("7")
        #expect(changed != forward)
    }

    @Test func canonicallyEquivalentNamesAreOneName() {
        var attributes = SessionAttributes()
        attributes["caf\u{E9}"] = .number(1)
        attributes["cafe\u{301}"] = .number(2)
        #expect(attributes.count == 1)
        #expect(attributes["caf\u{E9}"] == .number(2))
    }

    /// A bulk merge (sorted, one pass, above eight changes) agrees with setting the changes one by
    /// one on a dictionary: later changes win, `nil` removes, untouched names stay.
    @Test func aMergeAgreesWithSettingEachChangeInOrder() async {
        let steps = Gen.int(in: 0...1_000_000).array(of: 0...300)
        await propertyCheck(count: 200, input: Gen.int(in: 1...60), steps) { names, steps in
            var model: [String: AttributeValue] = [:]
            for n in stride(from: 0, to: names, by: 3) { model["n\(n)"] = .number(Double(n)) }
            var attributes = SessionAttributes(model)
            var changes: [(String, AttributeValue?)] = []
            for step in steps {
                let name = "n\(step % names)"
                let value: AttributeValue? = (step / names) % 3 == 0 ? nil : .string("v\(step % 7)")
                changes.append((name, value))
                model[name] = value
            }
            attributes.merge(changes)
            #expect(attributes == SessionAttributes(model))
            #expect(attributes.map(\.key) == model.keys.sorted())
        }
    }

    @Test func aMergeOfManyChangesKeepsTheLastOfEachName() {
        var attributes: SessionAttributes = ["keep": .bool(true), "gone": .number(1)]
        var changes: [(String, AttributeValue?)] = (0..<5_000).map { ("k\($0 % 1_000)", .number(Double($0))) }
        changes.append(("gone", nil))
        changes.append(("k7", nil))
        attributes.merge(changes)
        #expect(attributes.count == 1_000)  // k0…k999 without k7, plus keep
        #expect(attributes["k8"] == .number(4_008))
        #expect(attributes["k7"] == nil && attributes["gone"] == nil)
        #expect(attributes["keep"] == .bool(true))
    }

    /// Random sets and removals on small and large maps (the lookup changes from a scan to a binary
    /// search above 16 entries) agree with a dictionary, and iterate in name order. Each step is one
    /// number: the name from its low bits, the value from the rest.
    @Test func agreesWithADictionary() async {
        let steps = Gen.int(in: 0...1_000_000).array(of: 0...120)
        await propertyCheck(count: 200, input: Gen.int(in: 1...40), steps) { names, steps in
            var model: [String: AttributeValue] = [:]
            var attributes = SessionAttributes()
            for step in steps {
                let name = "n\(step % names)"
                let choice = step / names
                let value: AttributeValue? =
                    switch choice % 4 {
                    case 0: nil
                    case 1: .number(Double(choice % 5))
                    case 2: .bool(choice % 2 == 0)
                    default: .string("v\(choice % 3)")
                    }
                model[name] = value
                attributes[name] = value
                #expect(attributes[name] == model[name])
            }
            #expect(attributes.count == model.count)
            #expect(attributes.map(\.key) == model.keys.sorted())
            for (name, value) in model { #expect(attributes[name] == value) }
            #expect(attributes == SessionAttributes(model))
        }
    }
}
