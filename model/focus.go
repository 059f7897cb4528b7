package model

// focusRing is the order focus moves through the panes: tab steps forward,
// shift+tab back, wrapping. Panes join it when they open as a pane (the
// sessions pane will) and leave it when they close.
type focusRing struct {
	order []paneID
}

// add puts id at the end of the ring, once.
func (r *focusRing) add(id paneID) {
	if r.index(id) < 0 {
		r.order = append(r.order, id)
	}
}

// remove takes id out of the ring.
func (r *focusRing) remove(id paneID) {
	if i := r.index(id); i >= 0 {
		r.order = append(r.order[:i], r.order[i+1:]...)
	}
}

func (r *focusRing) index(id paneID) int {
	for i, p := range r.order {
		if p == id {
			return i
		}
	}
	return -1
}

// step is the pane d places after cur, wrapping; cur itself when the ring
// is empty, and the first pane when cur is not in it.
func (r *focusRing) step(cur paneID, d int) paneID {
	n := len(r.order)
	if n == 0 {
		return cur
	}
	i := r.index(cur)
	if i < 0 {
		return r.order[0]
	}
	return r.order[((i+d)%n+n)%n]
}
