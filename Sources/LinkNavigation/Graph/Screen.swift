public import LinkRouting

/// How an entry is shown: the first entry of a stack is the `root`; a `modal` entry opens a layer.
public enum Presentation: String, Sendable, Hashable, CaseIterable {
    case push, modal, root
}

/// What happens when the destination is already on the stack.
public enum LaunchMode: String, Sendable, Hashable, CaseIterable {
    /// A new entry unless one with the same identity params exists.
    case standard
    /// When the top entry is this screen, its params are replaced instead of pushing.
    case singleTop = "single_top"
    /// At most one entry of this screen: navigation pops back to it.
    case unique
}

/// A parameter a screen declares: its contract with whoever navigates to it.
public typealias ScreenParam = NamedParam

/// A destination in the app.
///
/// Its fields live in one shared, immutable box: the resolver and the answer's rendering take
/// screens out of the graph many times per request, and a copy is then one reference count
/// instead of one per field.
public struct Screen: Sendable, Hashable {
    private let fields: Fields

    public var name: String { fields.name }
    /// Declared params, in order.
    public var params: [ScreenParam] { fields.declared.values.params }
    /// The screen below this one when a stack is synthesised; `nil` for a root.
    public var parent: String? { fields.declared.values.parent }
    /// The screens this one may be pushed on; `nil`: any screen.
    public var origins: Set<String>? { fields.declared.values.origins }
    public var presentation: Presentation { fields.presentation }
    public var launch: LaunchMode { fields.launch }
    /// How many params the screen declares: ``params``' count, read without its array.
    var paramCount: Int { fields.paramCount }
    /// Required params: two entries of a screen with equal identity params are the same place.
    public var identityParams: [String] { fields.identityParams }

    public init(
        name: String,
        params: [ScreenParam] = [],
        parent: String? = nil,
        origins: Set<String>? = nil,
        presentation: Presentation = .push,
        launch: LaunchMode = .standard
    ) {
        fields = Fields(
            Values(
                name: name,
                params: params,
                parent: parent,
                origins: origins,
                presentation: presentation,
                launch: launch
            )
        )
    }

    private init(fields: Fields) { self.fields = fields }

    /// Runs `body` on the screen at `screen`, lent: its fields (shared by every thread) are neither
    /// retained nor released for the call, as a copy of the screen would be.
    ///
    /// Lifetime: the caller keeps the screen at `screen` alive and unchanged until `body` returns
    /// (an element of a graph's ``ScreenGraph/ordered``, which the caller's graph holds and never
    /// changes).
    @inline(__always)
    static func withLent<R>(_ screen: UnsafePointer<Screen>, _ body: (Screen) -> R) -> R {
        Unmanaged.passUnretained(screen.pointee.fields)._withUnsafeGuaranteedRef { body(Screen(fields: $0)) }
    }

    /// Whether this screen may be placed directly above `screen`.
    public func allows(after screen: String) -> Bool { origins?.contains(screen) ?? true }

    public static func == (lhs: Screen, rhs: Screen) -> Bool {
        lhs.fields === rhs.fields || lhs.fields.declared.values == rhs.fields.declared.values
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(fields.declared.values) }

    /// Every declared field: what equality and hashing look at.
    private struct Values: Sendable, Hashable {
        let name: String
        let params: [ScreenParam]
        let parent: String?
        let origins: Set<String>?
        let presentation: Presentation
        let launch: LaunchMode
    }

    /// What a navigation to the screen reads, 64 bytes with the object's header: the allocator's
    /// blocks of that size are one cache line each. The declared fields are in a box of their own,
    /// where the params' count, the presentation and the launch mode are read from here.
    private final class Fields: Sendable {
        let name: String
        let paramCount: Int
        let presentation: Presentation
        let launch: LaunchMode
        /// From the params, once.
        let identityParams: [String]
        let declared: Declared

        init(_ values: Values) {
            name = values.name
            paramCount = values.params.count
            presentation = values.presentation
            launch = values.launch
            identityParams = values.params.filter(\.declaration.isRequired).map(\.name)
            declared = Declared(values)
        }
    }

    /// Every declared field, for equality, hashing and what navigations rarely read.
    private final class Declared: Sendable {
        let values: Values

        init(_ values: Values) { self.values = values }
    }
}
