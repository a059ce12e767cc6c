import LinkRouting

extension Navigator {
    /// The entry a modal layer opened on an empty session sits on: the root screen of the screen
    /// the link leads to (through its route's redirects), with the params it declares from the
    /// link. `nil` when the link leads to no screen within the redirect limit.
    func coldBase(for match: RouteMatch, number: Int) throws(NavigationFailure) -> StackEntry? {
        var landing = match
        for _ in 0...config.redirectLimit {
            switch config.bindings[landing.route.index].target {
            case .screen(let name, _):
                guard let destination = config.resolver.graph[name],
                    let root = config.resolver.graph.chain(to: destination).first
                else { return nil }
                do {
                    let params = try config.resolver.entryParams(root, EntryParams(match: landing))
                    return StackEntry(number: number, screen: root.name, params: params, presentation: .root)
                } catch {
                    throw .navigation(error)
                }
            case .redirect(let template):
                guard let target = try? RedirectTarget.expand(template, match: landing, from: landing.url),
                    let next = try? matchURL(LinkText(target))
                else { return nil }
                landing = next
            }
        }
        return nil
    }
}
