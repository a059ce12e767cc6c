/// A session attribute value (string, number or bool).
public enum AttributeValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
}

/// A navigation waiting for a flow to complete.
///
/// Its fields live in one shared, immutable box (``ParkedBox``), like ``Screen``'s: an optional
/// navigation is then one reference, copied and destroyed inline, where six fields made every
/// `ParkedNavigation?` (one per answer, most of them empty) go through the run time's generic
/// optional witnesses. A ``Session`` keeps that very box: one allocation per parked navigation.
public struct ParkedNavigation: Sendable, Hashable {
    let box: ParkedBox

    /// The URL as first requested: it is run again from the start when the flow completes.
    public var url: String { box.values.url }
    public var strategy: Strategy? { box.values.strategy }
    public var via: [String] { box.values.via }
    /// The flow that parked it.
    public var flow: String { box.values.flow }
    /// The stack before the flow's layer was presented, restored when the flow is cancelled.
    public var stackBefore: [StackEntry] { box.values.stackBefore }
    /// The id of the entry that opened the flow's layer: once it leaves the stack, the parked
    /// navigation is dropped.
    public var layerEntryID: String? { box.values.layerEntryID }

    public init(
        url: String,
        strategy: Strategy?,
        via: [String],
        flow: String,
        stackBefore: [StackEntry],
        layerEntryID: String? = nil
    ) {
        box = ParkedBox(
            ParkedBox.Values(
                url: url,
                strategy: strategy,
                via: via,
                flow: flow,
                stackBefore: stackBefore,
                layerEntryID: layerEntryID
            )
        )
    }

    /// The navigation whose fields `box` holds.
    @inline(__always)
    init(box: ParkedBox) { self.box = box }

    /// Whether the flow's layer is still on `stack`.
    public func isPresented(on stack: [StackEntry]) -> Bool {
        guard let layerEntryID else { return false }
        return stack.contains { $0.hasID(layerEntryID) }
    }

    public static func == (lhs: ParkedNavigation, rhs: ParkedNavigation) -> Bool {
        ParkedBox.same(lhs.box, rhs.box)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.values) }
}

/// A session's state: its stack (modal entries open layers), attributes, a version that grows with
/// every change, and at most one parked navigation.
public struct Session: Sendable, Hashable {
    public let id: String
    public var stack: [StackEntry]
    public var attributes: SessionAttributes
    public var version: Int
    /// The parked navigation, behind one pointer: most sessions have none, and the store keeps and
    /// hands out the same box, so copying a session retains one reference for it, not five.
    var parkedBox: ParkedBox?
    /// The number the next entry id uses.
    public var nextEntryNumber: Int

    public var parked: ParkedNavigation? {
        get { parkedBox.map(ParkedNavigation.init(box:)) }
        set { parkedBox = newValue?.box }
    }

    public init(
        id: String,
        stack: [StackEntry] = [],
        attributes: SessionAttributes = [:],
        version: Int = 1,
        parked: ParkedNavigation? = nil,
        nextEntryNumber: Int = 1
    ) {
        self.init(
            id: id,
            stack: stack,
            attributes: attributes,
            version: version,
            parkedBox: parked?.box,
            nextEntryNumber: nextEntryNumber
        )
    }

    @inline(__always)
    init(
        id: String,
        stack: [StackEntry],
        attributes: SessionAttributes,
        version: Int,
        parkedBox: ParkedBox?,
        nextEntryNumber: Int
    ) {
        self.id = id
        self.stack = stack
        self.attributes = attributes
        self.version = version
        self.parkedBox = parkedBox
        self.nextEntryNumber = nextEntryNumber
    }

    public static func == (lhs: Session, rhs: Session) -> Bool {
        lhs.id == rhs.id && lhs.version == rhs.version && lhs.nextEntryNumber == rhs.nextEntryNumber
            && lhs.stack == rhs.stack && lhs.attributes == rhs.attributes
            && ParkedBox.same(lhs.parkedBox, rhs.parkedBox)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(stack)
        hasher.combine(attributes)
        hasher.combine(version)
        hasher.combine(parked)
        hasher.combine(nextEntryNumber)
    }

    /// Applies a resolution: the new stack and entry counter. The store bumps ``version`` for any change.
    public mutating func apply(_ resolution: Resolution) {
        stack = resolution.stack
        nextEntryNumber = resolution.nextEntryNumber
    }
}

extension Session {
    /// Drops the parked navigation once its flow's layer has left the stack (navigated away from,
    /// dismissed, popped): a parked navigation is always behind a flow on screen.
    public mutating func dropParkingWithoutLayer() {
        if let parked, !parked.isPresented(on: stack) { self.parked = nil }
    }
}

/// A parked navigation's fields in one immutable heap box: the navigation is this one reference,
/// shared by the copies of a session, which keeps it as it is.
@usableFromInline
final class ParkedBox: Sendable {
    let values: Values

    init(_ values: Values) { self.values = values }

    /// The navigation this box holds.
    @inline(__always)
    var value: ParkedNavigation { ParkedNavigation(box: self) }

    /// Every field: what equality and hashing look at.
    struct Values: Sendable, Hashable {
        let url: String
        let strategy: Strategy?
        let via: [String]
        let flow: String
        let stackBefore: [StackEntry]
        let layerEntryID: String?
    }

    /// The box's address, 0 for none: an identity check with no retain of either box.
    @inline(__always)
    static func address(of box: ParkedBox?) -> UInt {
        unsafeBitCast(box, to: UInt.self)
    }

    /// Whether two boxes hold equal navigations (or both are absent), looking inside only when they
    /// are not the same box.
    @inline(__always)
    static func same(_ lhs: ParkedBox?, _ rhs: ParkedBox?) -> Bool {
        if lhs === rhs { return true }
        return lhs?.values == rhs?.values
    }
}
