import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore, type Album } from '@momentos/api-client';
import { apiError, apiServer, fakeApi, heldAnswer, http, HttpResponse } from '@momentos/api-client/testing';
import EventFormPage from '../event-form-page';
import { fakeToken, renderAt } from '../../../test-support/render';

const event = { id: 'e1', code: 'ABC', name: 'Casamento', date: '2030-05-04 18:30', location: 'Recife', contact: 'ana@example.com', image: null };
const albums: Album[] = [
  { id: 'a1', album_name: 'Cerimônia', album_description: 'Fotos da cerimônia', is_public: true, is_available: false },
];

const renderCreate = () => renderAt('/events/register', '/events/register', <EventFormPage />);
const renderEdit = () => renderAt('/events/register/e1', '/events/register/:id', <EventFormPage />);
const location = () => screen.getByTestId('location').textContent;

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  useAuthStore.setState({ token: fakeToken() });
  api = fakeApi({ events: [event], albums: { e1: albums } });
});

/** The form fields of the one request of that method and path. */
async function sentForm(method: string, path: string) {
  const sent = api.calls(method, path);
  expect(sent).toHaveLength(1);
  return Object.fromEntries((await sent[0].request.formData()).entries());
}

async function sentJson(method: string, path: string) {
  const sent = api.calls(method, path);
  expect(sent).toHaveLength(1);
  return sent[0].request.json();
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nome do evento'), 'Aniversário');
  await user.type(screen.getByLabelText('Data'), '2030-01-02');
  await user.type(screen.getByLabelText('Horário'), '09:05');
  await user.type(screen.getByLabelText('Local'), 'Salão');
  await user.type(screen.getByLabelText('E-mail do contratante'), 'bia@example.com');
}

describe('event form: create', () => {
  it("shows the tabs ('Álbuns' disabled), the round preview placeholder, the hint and 'Cadastrar'", () => {
    renderCreate();
    expect(screen.getByRole('tab', { name: 'Dados gerais' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Álbuns' })).toBeDisabled();
    expect(screen.getByText('Tamanho máx: 5MB')).toBeInTheDocument();
    expect(screen.getByLabelText('Imagem do evento')).toHaveAccessibleDescription('Tamanho máx: 5MB');
    expect(screen.getByRole('button', { name: 'Cadastrar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks the required fields and the e-mail type without sending', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    for (const label of ['Nome do evento', 'Data', 'Horário', 'Local', 'E-mail do contratante']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Campo obrigatório.');
    }
    await user.type(screen.getByLabelText('E-mail do contratante'), 'sem-arroba');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(screen.getByLabelText('E-mail do contratante')).toHaveAccessibleDescription('Informe um e-mail válido.');
    expect(api.requests).toHaveLength(0);
  });

  it('refuses an image larger than 5 MB before sending', async () => {
    const user = userEvent.setup();
    renderCreate();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Imagem do evento'), big);
    expect(screen.getByRole('alert')).toHaveTextContent('A imagem escolhida tem 5,0 MB. Escolha uma imagem de até 5 MB.');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await screen.findByRole('dialog', { name: 'Evento cadastrado com sucesso' });
    // The refused image is never sent.
    expect(await sentForm('POST', '/api/events')).not.toHaveProperty('image');
  });

  it('sends date and time joined, shows the success dialog and goes to /events after 2 s', async () => {
    const answer = heldAnswer();
    apiServer.use(
      http.post('/api/events', async () => {
        await answer.released;
        return HttpResponse.json({ ...event, id: 'new' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderCreate();
    await fillForm(user);
    const image = new File(['img'], 'foto.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Imagem do evento'), image);
    expect(screen.getByRole('img', { name: 'Prévia da imagem do evento' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(screen.getByRole('status', { name: 'Salvando…' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST', '/api/events')).toHaveLength(1));
    const { image: sentImage, ...fields } = await sentForm('POST', '/api/events');
    // Visibility as chosen (issue 12): open by default, no reveal date, no end of sending.
    expect(fields).toEqual({
      name: 'Aniversário',
      date: '2030-01-02 09:05',
      location: 'Salão',
      contact: 'bia@example.com',
      visibility: 'open',
      reveal_at: '',
      uploads_close_at: '',
      pin: '',
      // Issue 26: 'Aprovar recados antes de publicar?', off by default.
      messages_require_approval: 'false',
      guest_downloads: 'true',
      video_max_seconds: '',
    });
    expect(sentImage).toMatchObject({ name: 'foto.png', type: 'image/png', size: image.size });
    answer.release();
    const dialog = await screen.findByRole('dialog', { name: 'Evento cadastrado com sucesso' });
    expect(within(dialog).getByText('O evento foi cadastrado com sucesso e agora está disponível.')).toBeInTheDocument();
    expect(location()).toBe('/events/register');
    await waitFor(() => expect(location()).toBe('/events'), { timeout: 3000 });
    // The screen waits 2 s before leaving; typing the whole form on a loaded machine takes the rest of jest's 5 s.
  }, 15_000);

  it("'Revelar em' asks for its date, then sends the visibility, the reveal and the end of sending (issue 12)", async () => {
    const user = userEvent.setup();
    renderCreate();
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: /^Revelar em/ }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(screen.getByLabelText('Data e hora da revelação')).toHaveAccessibleDescription('Informe a data e a hora da revelação.');
    expect(api.calls('POST', '/api/events')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Data e hora da revelação'), { target: { value: '2030-01-03T10:30' } });
    fireEvent.change(screen.getByLabelText('Envio de fotos até (opcional)'), { target: { value: '2030-01-03T02:00' } });
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await screen.findByRole('dialog', { name: 'Evento cadastrado com sucesso' });
    expect(await sentForm('POST', '/api/events')).toMatchObject({ visibility: 'reveal', reveal_at: '2030-01-03 10:30', uploads_close_at: '2030-01-03 02:00' });
  });

  it('recommends a 6-digit PIN, and says so again while a shorter one is typed (issue 23)', async () => {
    const user = userEvent.setup();
    renderCreate();
    const pin = screen.getByLabelText('PIN para convidados (opcional)');
    expect(pin).toHaveAccessibleDescription('Recomendamos 6 números (aceita de 4 a 8). Os convidados digitam uma vez no aparelho; deixe vazio para não pedir.');
    expect(pin).toHaveAttribute('placeholder', '6 números');
    await user.type(pin, '4821');
    expect(pin).toHaveAccessibleDescription('Um PIN de 4 ou 5 números é mais fácil de adivinhar: recomendamos 6.');
    await user.type(pin, '93');
    expect(pin).toHaveAccessibleDescription('Recomendamos 6 números (aceita de 4 a 8). Os convidados digitam uma vez no aparelho; deixe vazio para não pedir.');
  });

  it('shows the error dialog when the save fails', async () => {
    apiServer.use(http.post('/api/events', () => apiError(400, 'x')));
    const user = userEvent.setup();
    renderCreate();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Um erro inesperado ocorreu. Se persistir, contate o suporte.');
    expect(alert.closest('.mk-feedback')).toHaveClass('mk-feedback--error');
  });
});

describe('event form: edit', () => {
  it('shows skeletons while the event loads, then the prefilled fields and Atualizar', async () => {
    const answer = heldAnswer();
    apiServer.use(
      http.get('/api/events/:id', async () => {
        await answer.released;
        return HttpResponse.json([event]);
      }),
    );
    renderEdit();
    expect(screen.getByRole('status', { name: 'Carregando evento…' })).toHaveAttribute('aria-busy', 'true');
    answer.release();
    expect(await screen.findByLabelText('Nome do evento')).toHaveValue('Casamento');
    expect(screen.getByLabelText('Data')).toHaveValue('2030-05-04');
    expect(screen.getByLabelText('Horário')).toHaveValue('18:30');
    expect(screen.getByLabelText('Local')).toHaveValue('Recife');
    expect(screen.getByLabelText('E-mail do contratante')).toHaveValue('ana@example.com');
    expect(screen.getByRole('tab', { name: 'Álbuns' })).toBeEnabled();
    expect(api.calls('GET', '/api/events/e1')).toHaveLength(1);
  });

  it("'Atualizar' saves and shows the update dialog", async () => {
    const user = userEvent.setup();
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Atualizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evento atualizado com sucesso' });
    expect(within(dialog).getByText('As alterações no evento foram realizadas com sucesso.')).toBeInTheDocument();
    const sent = await sentForm('PUT', '/api/events/e1');
    expect(sent).toMatchObject({ date: '2030-05-04 18:30' });
    expect(sent).not.toHaveProperty('image');
  });

  it("previews the stored image by its AVIF copies or its card, never the original (issue 29); a newly chosen file by itself", async () => {
    const stored = { image: '/api/files?path=o.jpg', image_card: '/api/files?path=o-card.jpg', image_avif_srcset: '/api/files?path=o-card-w720.avif 720w' };
    apiServer.use(http.get('/api/events/:id', () => HttpResponse.json([{ ...event, ...stored }])));
    const user = userEvent.setup();
    renderEdit();
    const preview = await screen.findByRole('img', { name: 'Prévia da imagem do evento' });
    expect(preview.getAttribute('src')).toMatch(/\/api\/files\?path=o-card\.jpg$/);
    expect(preview.parentElement!.querySelector('source')).toHaveAttribute('sizes', '120px');
    await user.upload(screen.getByLabelText('Imagem do evento'), new File(['img'], 'foto.png', { type: 'image/png' }));
    const chosen = screen.getByRole('img', { name: 'Prévia da imagem do evento' });
    expect(chosen).toHaveAttribute('src', 'blob:preview');
    expect(chosen.parentElement!.querySelector('source')).toBeNull();
  });

  it("'Convidados podem baixar as fotos' shows the event's setting; turned on it is sent (issue 22)", async () => {
    apiServer.use(http.get('/api/events/:id', () => HttpResponse.json([{ ...event, guest_downloads: false }])));
    const user = userEvent.setup();
    renderEdit();
    const box = await screen.findByRole('checkbox', { name: /^Convidados podem baixar as fotos/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await screen.findByRole('dialog', { name: 'Evento atualizado com sucesso' });
    expect(await sentForm('PUT', '/api/events/e1')).toMatchObject({ guest_downloads: 'true' });
  });

  it("'Convidados podem baixar as fotos' turned off is sent as false (issue 22)", async () => {
    const user = userEvent.setup();
    renderEdit();
    await user.click(await screen.findByRole('checkbox', { name: /^Convidados podem baixar as fotos/ }));
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await screen.findByRole('dialog', { name: 'Evento atualizado com sucesso' });
    expect(await sentForm('PUT', '/api/events/e1')).toMatchObject({ guest_downloads: 'false' });
  });

  it("'Aprovar recados antes de publicar?' shows the event's setting and is sent as changed (issue 26)", async () => {
    apiServer.use(http.get('/api/events/:id', () => HttpResponse.json([{ ...event, messages_require_approval: true }])));
    const user = userEvent.setup();
    renderEdit();
    const toggle = await screen.findByRole('switch', { name: 'Aprovar recados antes de publicar?' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await screen.findByRole('dialog', { name: 'Evento atualizado com sucesso' });
    expect(await sentForm('PUT', '/api/events/e1')).toMatchObject({ messages_require_approval: 'false' });
  });
});

describe('albums tab', () => {
  async function openAlbums() {
    const user = userEvent.setup();
    renderEdit();
    await user.click(await screen.findByRole('tab', { name: 'Álbuns' }));
    return user;
  }

  it('shows a skeleton of three, then 100×100 tiles and the dashed Novo tile', async () => {
    const answer = heldAnswer();
    apiServer.use(
      http.get('/api/albums/:eventId', async () => {
        await answer.released;
        return HttpResponse.json(albums);
      }),
    );
    await openAlbums();
    expect(screen.getAllByTestId('album-skeleton')).toHaveLength(3);
    answer.release();
    expect(await screen.findByRole('button', { name: 'Cerimônia' })).toHaveClass('album-tile');
    const grid = screen.getByRole('list', { name: 'Álbuns do evento' });
    expect(within(grid).getByRole('button', { name: 'Novo' })).toHaveClass('album-tile--new');
  });

  it('creates an album with every field and toggle, reloads and shows the success dialog', async () => {
    const user = await openAlbums();
    const grid = await screen.findByRole('list', { name: 'Álbuns do evento' });
    await user.click(within(grid).getByRole('button', { name: 'Novo' }));
    const modal = screen.getByRole('dialog', { name: 'Novo álbum' });
    expect(within(modal).getByRole('button', { name: 'Fechar modal' })).toBeInTheDocument();
    expect(within(modal).getByRole('switch', { name: 'Álbum público?' })).not.toBeChecked();
    expect(within(modal).getByRole('switch', { name: 'Disponível para upload?' })).not.toBeChecked();
    expect(within(modal).getByRole('switch', { name: 'Aprovar fotos antes de publicar?' })).not.toBeChecked();
    await user.click(within(modal).getByRole('button', { name: 'Adicionar' }));
    expect(within(modal).getByLabelText('* Nome do álbum')).toHaveAccessibleDescription('Campo obrigatório.');
    expect(within(modal).getByLabelText('* Descrição')).toHaveAccessibleDescription('Campo obrigatório.');
    expect(api.calls('POST', '/api/albums/e1')).toHaveLength(0);

    await user.type(within(modal).getByLabelText('* Nome do álbum'), 'Festa');
    await user.type(within(modal).getByLabelText('* Descrição'), 'Fotos da festa');
    await user.click(within(modal).getByRole('switch', { name: 'Álbum público?' }));
    await user.click(within(modal).getByRole('switch', { name: 'Disponível para upload?' }));
    await user.click(within(modal).getByRole('switch', { name: 'Aprovar fotos antes de publicar?' }));
    await user.click(within(modal).getByRole('button', { name: 'Adicionar' }));
    const feedback = await screen.findByRole('dialog', { name: 'Álbum cadastrado com sucesso' });
    expect(within(feedback).getByText('O álbum foi cadastrado com sucesso e agora está disponível.')).toBeInTheDocument();
    expect(await sentJson('POST', '/api/albums/e1')).toEqual({ name: 'Festa', description: 'Fotos da festa', is_public: true, is_available: true, requires_approval: true });
    expect(api.calls('GET', '/api/albums/e1')).toHaveLength(2);
    expect(within(grid).getByRole('button', { name: 'Festa' })).toBeInTheDocument();
  });

  it('edits a prefilled album', async () => {
    const user = await openAlbums();
    await user.click(await screen.findByRole('button', { name: 'Cerimônia' }));
    const modal = screen.getByRole('dialog', { name: 'Editar álbum' });
    expect(within(modal).getByLabelText('* Nome do álbum')).toHaveValue('Cerimônia');
    expect(within(modal).getByLabelText('* Descrição')).toHaveValue('Fotos da cerimônia');
    expect(within(modal).getByRole('switch', { name: 'Álbum público?' })).toBeChecked();
    expect(within(modal).getByRole('switch', { name: 'Disponível para upload?' })).not.toBeChecked();
    await user.clear(within(modal).getByLabelText('* Nome do álbum'));
    await user.type(within(modal).getByLabelText('* Nome do álbum'), 'Igreja');
    // 'Ver fotos' opens the organiser's photo screen on this album (issue 11).
    expect(within(modal).getByRole('link', { name: 'Ver fotos' })).toHaveAttribute('href', '/events/e1/photos?album=a1');
    await user.click(within(modal).getByRole('button', { name: 'Editar' }));
    expect(await screen.findByRole('dialog', { name: 'Álbum atualizado com sucesso' })).toBeInTheDocument();
    expect(await sentJson('PUT', '/api/albums/a1')).toEqual({ name: 'Igreja', description: 'Fotos da cerimônia', is_public: true, is_available: false, requires_approval: false });
  });

  it("deletes with a spinner on 'Excluir', reloads and shows the success dialog", async () => {
    const answer = heldAnswer();
    apiServer.use(
      http.delete('/api/albums/:albumId', async () => {
        await answer.released;
        return HttpResponse.json({ status: 200, message: '' });
      }),
    );
    const user = await openAlbums();
    await user.click(await screen.findByRole('button', { name: 'Cerimônia' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    expect(screen.getByRole('status', { name: 'Excluindo…' })).toBeInTheDocument();
    answer.release();
    const feedback = await screen.findByRole('dialog', { name: 'Álbum excluído' });
    expect(within(feedback).getByText('O álbum foi excluído com sucesso e agora ele não está mais disponível.')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/albums/a1')).toHaveLength(1);
    expect(api.calls('GET', '/api/albums/e1')).toHaveLength(2);
  });

  it('a failure closes the modal and shows the red error dialog', async () => {
    apiServer.use(http.put('/api/albums/:albumId', () => apiError(500, 'x')));
    const user = await openAlbums();
    await user.click(await screen.findByRole('button', { name: 'Cerimônia' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Editar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Um erro inesperado ocorreu. Se persistir, contate o suporte.');
    expect(alert).toHaveClass('mk-feedback--error');
    expect(screen.queryByRole('dialog', { name: 'Editar álbum' })).not.toBeInTheDocument();
  });
});
