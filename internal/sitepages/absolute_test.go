package sitepages

import "testing"

func TestAbsoluteKeepsAHostOnce(t *testing.T) {
	for _, c := range []struct{ addr, want string }{
		{"/img/photo/ab.jpg", "https://coastal.example/img/photo/ab.jpg"},
		{"http://127.0.0.1:18443/p/1.jpg", "http://127.0.0.1:18443/p/1.jpg"},
		{"https://cdn.example/p.jpg", "https://cdn.example/p.jpg"},
		{"//cdn.example/p.jpg", "//cdn.example/p.jpg"},
	} {
		if got := Absolute("https://coastal.example", c.addr); got != c.want {
			t.Errorf("Absolute(%q) = %q, want %q", c.addr, got, c.want)
		}
	}
}
