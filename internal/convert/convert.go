// Package convert carries values from one type to its twin of another
// package (a domain record to its API, stored or public shape), keeping nil
// as nil, so each contract's conversion names only its own fields.
package convert

// List is each of in converted, nil for nil.
func List[T, U any](in []T, conv func(T) U) []U {
	if in == nil {
		return nil
	}
	out := make([]U, len(in))
	for i, v := range in {
		out[i] = conv(v)
	}
	return out
}

// Ptr is *in converted, nil for nil.
func Ptr[T, U any](in *T, conv func(T) U) *U {
	if in == nil {
		return nil
	}
	out := conv(*in)
	return &out
}

// Map is each value of in converted under its key, nil for nil.
func Map[K comparable, T, U any](in map[K]T, conv func(T) U) map[K]U {
	if in == nil {
		return nil
	}
	out := make(map[K]U, len(in))
	for k, v := range in {
		out[k] = conv(v)
	}
	return out
}
