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
public struct Screen: Sendable, Hashable {
    public let name: String
    /// Declared params, in order.
    public let params: [ScreenParam]
    /// The screen below this one when a stack is synthesised; `nil` for a root.
    public let parent: String?
    /// The screens this one may be pushed on; `nil`: any screen.
    public let origins: Set<String>?
    public let presentation: Presentation
    public let launch: LaunchMode

    public init(
        name: String,
        params: [ScreenParam] = [],
        parent: String? = nil,
        origins: Set<String>? = nil,
        presentation: Presentation = .push,
        launch: LaunchMode = .standard
    ) {
        self.name = name
        self.params = params
        self.parent = parent
        self.origins = origins
        self.presentation = presentation
        self.launch = launch
    }

    /// Required params: two entries of a screen with equal identity params are the same place.
    public var identityParams: [String] { params.filter(\.declaration.isRequired).map(\.name) }

    /// Whether this screen may be placed directly above `screen`.
    public func allows(after screen: String) -> Bool { origins?.contains(screen) ?? true }
}
